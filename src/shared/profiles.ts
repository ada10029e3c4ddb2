/** Public display names of addresses (GET /api/users/:pubkey; docs/wire.md, Accounts). */
export interface PublicProfile {
  pubkey: string
  /** Null when the user set none, or the indexer knows no such user. */
  displayName: string | null
  /** Epoch ms. */
  joinedAt: number | null
  proofCount: string | null
}

/** An address's public name as the app knows it, and when the indexer was last asked (null: never). */
export interface DisplayName {
  pubkey: string
  displayName: string | null
  readAt: number | null
}
