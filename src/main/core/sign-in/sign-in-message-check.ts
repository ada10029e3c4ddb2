/**
 * What ProofWatch will sign. The nonce answer fixes the domain, URI,
 * statement, version and time of the Sign-In With Solana message; an
 * indexer that is hostile (or relays another service's challenge) could make
 * the user's key sign a message meant for someone else. So the challenge is
 * checked before it is shown, and a domain is signed for only once the user
 * confirmed it for this indexer (docs/wire.md, "Sign-in").
 */
import { ProofWatchError } from '@shared/errors'
import { hasHiddenCharacters } from '@shared/hidden-characters'
import { SIGN_IN_CHAINS, type SignInChain, type SignInChallenge } from '../indexer/sign-in'

/** The reference deployment refuses a message issued more than 5 minutes ago; a clock that far ahead is as wrong. */
export const ISSUED_AT_TOLERANCE_MS = 5 * 60_000
/** A statement is a sentence or two; the reference's is 111 characters. */
const MAX_STATEMENT_LENGTH = 500
/** A host name or IPv4 address, lower case letters, digits, dots and dashes, with an optional port; or a bracketed IPv6 address. */
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/
const NONCE = /^[A-Za-z0-9_-]{8,128}$/

function refused(reason: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `ProofWatch did not sign the indexer's sign-in message: ${reason}` })
}

/** The challenge as it will be signed, or an error saying plainly why it is not signed. */
export function checkSignInChallenge(challenge: SignInChallenge, now: number, chain: SignInChain): SignInChallenge {
  if (challenge.version !== '1') throw refused(`it names version ${JSON.stringify(challenge.version.slice(0, 20))}; only version 1 is known.`)
  if (!(SIGN_IN_CHAINS as readonly string[]).includes(chain)) throw refused(`the chain ${chain} is not one of ${SIGN_IN_CHAINS.join(', ')}.`)
  if (!NONCE.test(challenge.nonce)) throw refused('its nonce is not 8 to 128 letters and digits.')
  const issuedAt = Date.parse(challenge.issuedAt)
  if (!/^\d{4}-\d{2}-\d{2}T/.test(challenge.issuedAt) || Number.isNaN(issuedAt)) throw refused('its "Issued At" is not a date and time.')
  if (Math.abs(issuedAt - now) > ISSUED_AT_TOLERANCE_MS) {
    throw refused(`it says it was issued at ${challenge.issuedAt}, more than 5 minutes from this computer's clock (${new Date(now).toISOString()}). Check the clock, or the indexer.`)
  }
  if (challenge.statement.length > MAX_STATEMENT_LENGTH) throw refused(`its statement is ${challenge.statement.length} characters long.`)
  if (hasHiddenCharacters(challenge.statement)) throw refused('its statement holds control or invisible characters.')
  const domain = challenge.domain.toLowerCase()
  if (!DOMAIN.test(domain)) throw refused('its domain is not a host name.')
  let uri: URL
  try {
    uri = new URL(challenge.uri)
  } catch {
    throw refused('its URI is not a URL.')
  }
  if (uri.protocol !== 'https:' && uri.protocol !== 'http:') throw refused(`its URI is a ${uri.protocol} address, not a web address.`)
  // `https://other.example@host/` reads as other.example to a person and goes to host.
  if (uri.username !== '' || uri.password !== '') throw refused('its URI carries a user name before the host, which hides where it really points.')
  // URL drops a scheme's default port from `host`; the domain may name it.
  const hosts = [uri.host, `${uri.hostname}:${uri.port || (uri.protocol === 'https:' ? '443' : '80')}`]
  if (!hosts.includes(domain)) throw refused(`its URI (${uri.origin}) does not belong to the domain it names (${challenge.domain}).`)
  return { ...challenge, domain }
}
