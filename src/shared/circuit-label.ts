/**
 * The one way a circuit is named in every view, notification, search hit and
 * export: its name where known (the proof record or the indexer's circuit
 * list), else "Circuit #id".
 */
export function circuitLabel(id: string | null | undefined, name?: string | null): string {
  const named = typeof name === 'string' ? name.trim() : ''
  if (named) return named
  if (id === null || id === undefined || id === '') return 'Unknown circuit'
  return `Circuit #${id}`
}
