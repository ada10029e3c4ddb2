/** The watchlist store's key for a watched address's pending change and its error. */
export function addressKey(pubkey: string): string {
  return `address:${pubkey}`
}

/** The watchlist store's key for a followed circuit's pending change and its error. */
export function circuitKey(circuitId: string): string {
  return `circuit:${circuitId}`
}
