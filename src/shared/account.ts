/** The signed-in account's sessions and notification preferences, as the renderer sees them. Never a cookie. */

/** One sign-in to the user's account, wherever it was made. */
export interface AccountSession {
  id: string
  /** Where from, as the indexer saw it; null when it did not say. */
  ip: string | null
  userAgent: string | null
  /** Epoch ms. */
  createdAt: number | null
  expiresAt: number | null
  /** The session this app signed in with. */
  thisApp: boolean
}

export interface AccountSessions {
  /** `no`: the indexer has no sessions list (404); `signed-out`: nothing to list without a sign-in. */
  available: 'yes' | 'no' | 'signed-out'
  sessions: AccountSession[]
  /** Epoch ms of the last read; null before one. */
  checkedAt: number | null
  /** What went wrong with the last read, as a sentence. */
  problem: string | null
}

/** The account's notification preferences on the indexer: which channels and which events. */
export interface AccountPreferences {
  channels: Record<string, boolean>
  events: Record<string, boolean>
}

export interface AccountPreferencesState {
  available: 'yes' | 'no' | 'signed-out'
  preferences: AccountPreferences | null
  problem: string | null
}
