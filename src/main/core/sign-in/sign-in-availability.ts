/**
 * Whether an indexer offers sign-in, from its answer to a nonce asked for
 * any valid key: a 404 on the route means no, and a 400 answers "yes" as
 * well as a 200 (the route exists). Anything else leaves it unknown, said.
 */
import type { AuthState } from '@shared/auth'
import type { ErrorInfo } from '@shared/domain'

/** Any valid key does to ask whether the route exists. */
export const PROBE_PUBKEY = '11111111111111111111111111111111'

/** What the nonce probe's failure says of sign-in on this indexer (`pastedCredential`: one is kept as the fallback). */
export function availabilityFromRefusal(info: ErrorInfo, pastedCredential: boolean): Partial<AuthState> {
  if (info.status === 404) {
    return {
      available: 'no',
      availabilityNote: `This indexer has no sign-in (it answered 404 to POST /api/auth/nonce)${
        pastedCredential ? ': the pasted credential stays in use.' : '. A session cookie can still be pasted as the credential of its profile.'
      }`,
    }
  }
  if (info.status === 400) return { available: 'yes', availabilityNote: null }
  return { availabilityNote: `Could not ask the indexer whether it offers sign-in: ${info.message}` }
}
