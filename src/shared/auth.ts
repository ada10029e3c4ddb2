/** Sign-in with a Solana wallet, as the renderer sees it: who, until when, and what the app can do. Never the cookie. */

export interface SignedInUser {
  pubkey: string
  displayName: string | null
  role: string | null
  email: string | null
}

export interface AuthState {
  /** Whether the active indexer offers sign-in; `unknown` until it was asked. */
  available: 'unknown' | 'yes' | 'no'
  /** Why sign-in is not offered, in words (a 404 on the nonce route, the indexer out of reach). */
  availabilityNote: string | null
  status: 'signed-out' | 'signed-in' | 'expired'
  user: SignedInUser | null
  /** Epoch ms; null when the indexer did not say. */
  expiresAt: number | null
  /** A pasted credential is kept for this indexer: it is used whenever no sign-in is. */
  pastedCredential: boolean
  /** A browser sign-in page is waiting, until `expiresAt`. */
  pending: { url: string; expiresAt: number } | null
  /** The last thing that went wrong, as a sentence; null after a success. */
  problem: string | null
  /** A keypair sign-in waiting for the user to read and confirm the exact message; null when none. */
  confirmation: SignInConfirmation | null
}

/** The message ProofWatch would sign with a keypair file, shown to the user before anything is signed. */
export interface SignInConfirmation {
  id: string
  pubkey: string
  /** The exact text that would be signed. */
  message: string
  /** The site the message signs in to, as it names itself (shown highlighted). */
  domain: string
  /** The domain confirmed earlier for this indexer when it is another one; null when none or the same. */
  previousDomain: string | null
  /** Epoch ms after which the indexer would refuse the message. */
  expiresAt: number
}

export const SIGNED_OUT_STATE: AuthState = {
  available: 'unknown',
  availabilityNote: null,
  status: 'signed-out',
  user: null,
  expiresAt: null,
  pastedCredential: false,
  pending: null,
  problem: null,
  confirmation: null,
}

/** What the user is told, once, when the indexer ends the session. */
export const SIGNED_OUT_MESSAGE = 'Signed out: sign in again'
