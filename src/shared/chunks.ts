/** `items` in consecutive parts of at most `size` (at least 1), in order. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const step = Math.max(1, Math.floor(size))
  const parts: T[][] = []
  for (let start = 0; start < items.length; start += step) parts.push(items.slice(start, start + step))
  return parts
}
