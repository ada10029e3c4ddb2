/**
 * The user's indexer credential: parsed from the text the user gives
 * (`cookie:<name>=<value>` or `bearer:<token>`), turned into the headers sent
 * on every HTTP request and on the WebSocket upgrade, and kept out of logs.
 */
import { ProofWatchError } from '@shared/errors'
import { weakSecretReason } from '@shared/secret-strength'

export type Credential =
  | { kind: 'cookie'; name: string; value: string }
  | { kind: 'bearer'; token: string }

/** Longer than any session cookie or token a server hands out; protects header limits. */
const MAX_CREDENTIAL_CHARS = 4096
/** RFC 6265 cookie-name (an RFC 7230 token). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** RFC 6265 cookie-octet: visible ASCII except `"`, `,`, `;` and `\`. */
const COOKIE_VALUE = /^[\x21\x23-\x2B\x2D-\x3A\x3C-\x5B\x5D-\x7E]*$/
/** RFC 6750 b64token. */
const BEARER_TOKEN = /^[A-Za-z0-9\-._~+/]+=*$/

const FORMS = 'Give the credential as cookie:<name>=<value> or bearer:<token>'

function invalid(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message })
}

/** A stored or typed credential that does not parse is none: null for empty or unparsable text, never a throw. */
export function tryParseCredential(text: string | null | undefined): Credential | null {
  if (!text) return null
  try {
    return parseCredential(text)
  } catch {
    return null
  }
}

/** Parses `cookie:<name>=<value>` or `bearer:<token>`; throws INVALID_ARGUMENT naming what is wrong, never echoing the secret. */
export function parseCredential(text: string): Credential {
  if (typeof text !== 'string') throw invalid(`${FORMS}.`)
  const trimmed = text.trim()
  if (trimmed.length > MAX_CREDENTIAL_CHARS) throw invalid(`The credential is longer than ${MAX_CREDENTIAL_CHARS} characters.`)
  const colon = trimmed.indexOf(':')
  const kind = colon < 0 ? '' : trimmed.slice(0, colon).trim().toLowerCase()
  const rest = colon < 0 ? '' : trimmed.slice(colon + 1).trim()
  if (kind === 'cookie') {
    const equals = rest.indexOf('=')
    if (equals <= 0) throw invalid(`A cookie credential needs a name and a value: cookie:<name>=<value>.`)
    const name = rest.slice(0, equals).trim()
    let value = rest.slice(equals + 1).trim()
    // A quoted cookie value is legal; the quotes are part of the wire form only.
    if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1)
    if (!COOKIE_NAME.test(name)) throw invalid(`The cookie name "${name}" has characters a cookie name cannot have.`)
    if (value === '') throw invalid(`The cookie ${name} has an empty value.`)
    if (!COOKIE_VALUE.test(value)) {
      throw invalid(`The value of cookie ${name} has characters a cookie cannot carry (spaces, quotes, commas, semicolons, backslashes or control characters).`)
    }
    return { kind: 'cookie', name, value }
  }
  if (kind === 'bearer') {
    if (rest === '') throw invalid('A bearer credential needs a token: bearer:<token>.')
    if (!BEARER_TOKEN.test(rest)) throw invalid('The bearer token has characters a token cannot have (only letters, digits and -._~+/ with = at the end).')
    return { kind: 'bearer', token: rest }
  }
  throw invalid(`${FORMS}${kind ? ` (not "${kind}:")` : ''}.`)
}

/** The text form `parseCredential` reads, for storing. */
export function formatCredential(credential: Credential): string {
  return credential.kind === 'cookie' ? `cookie:${credential.name}=${credential.value}` : `bearer:${credential.token}`
}

/** Headers that carry the credential, for HTTP requests and the WebSocket upgrade alike; none without one. */
export function credentialHeaders(credential: Credential | null | undefined): Record<string, string> {
  if (!credential) return {}
  if (credential.kind === 'cookie') return { cookie: `${credential.name}=${credential.value}` }
  return { authorization: `Bearer ${credential.token}` }
}

/** What the credential is, for the UI and the log, without the secret. */
export function describeCredential(credential: Credential | null | undefined): string {
  if (!credential) return 'no credential'
  if (credential.kind === 'cookie') return `session cookie ${credential.name} (${credential.value.length} characters)`
  return `bearer token (${credential.token.length} characters)`
}

/** The secret parts of a credential, as they may appear in text. */
export function credentialSecrets(credential: Credential): string[] {
  const secret = credential.kind === 'cookie' ? credential.value : credential.token
  const encoded = encodeURIComponent(secret)
  return encoded === secret ? [secret] : [secret, encoded]
}

const REDACTED = '[redacted]'
/** Header names whose values are secrets whatever they hold. */
const SECRET_HEADERS = new Set(['cookie', 'set-cookie', 'authorization', 'proxy-authorization'])
const BEARER_IN_TEXT = /\b(Bearer\s+)[A-Za-z0-9\-._~+/]+=*/gi

/**
 * `text` with every occurrence of the credentials' secrets, and any
 * `Bearer <token>`, replaced by [redacted]. For log lines and error messages
 * that may quote a request.
 */
export function redactText(text: string, credentials: ReadonlyArray<Credential | null | undefined> = []): string {
  let result = text.replace(BEARER_IN_TEXT, `$1${REDACTED}`)
  for (const credential of credentials) {
    if (!credential) continue
    for (const secret of credentialSecrets(credential)) {
      // Short or common secrets would redact ordinary words; they are still covered by header redaction.
      if (weakSecretReason(secret) === null) result = result.split(secret).join(REDACTED)
    }
  }
  return result
}

/** A copy of `headers` with the values of cookie and authorization headers replaced. */
export function redactHeaders(headers: Readonly<Record<string, string | string[] | undefined>>): Record<string, string | string[] | undefined> {
  const copy: Record<string, string | string[] | undefined> = {}
  for (const [name, value] of Object.entries(headers)) copy[name] = SECRET_HEADERS.has(name.toLowerCase()) && value !== undefined ? REDACTED : value
  return copy
}

/**
 * A deep copy of a value about to be logged, with secret headers and the
 * credentials' secrets redacted in every string.
 */
export function redactForLog(value: unknown, credentials: ReadonlyArray<Credential | null | undefined> = [], depth = 0): unknown {
  if (typeof value === 'string') return redactText(value, credentials)
  if (typeof value !== 'object' || value === null || depth > 8) return value
  if (Array.isArray(value)) return value.map((item) => redactForLog(item, credentials, depth + 1))
  if (value instanceof Error) return { name: value.name, message: redactText(value.message, credentials) }
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    copy[key] = SECRET_HEADERS.has(key.toLowerCase()) && item !== undefined ? REDACTED : redactForLog(item, credentials, depth + 1)
  }
  return copy
}

/**
 * The credential inside a stored secret of either kind, for redaction: a
 * pasted credential, or a sign-in session (`{ cookieName, cookieValue, … }`,
 * as sign-in/stored-session.ts writes it); null when neither.
 */
export function credentialInSecret(text: string): Credential | null {
  const pasted = tryParseCredential(text)
  if (pasted) return pasted
  // Not the pasted notation: maybe a session.
  try {
    const parsed = JSON.parse(text) as { cookieName?: unknown; cookieValue?: unknown }
    if (typeof parsed.cookieName === 'string' && typeof parsed.cookieValue === 'string' && parsed.cookieValue !== '') {
      return { kind: 'cookie', name: parsed.cookieName, value: parsed.cookieValue }
    }
  } catch {
    // Neither: nothing to look for.
  }
  return null
}
