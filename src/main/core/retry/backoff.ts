/** Exponential backoff with full jitter: a random wait in [0, min(cap, base·2^attempt)]. */
export function backoffDelay(attempt: number, baseMs: number, capMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.min(attempt, 30))
  return Math.floor(random() * ceiling)
}
