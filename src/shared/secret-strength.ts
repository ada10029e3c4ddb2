/**
 * Whether a credential's secret can be found safely in free text. A secret is
 * looked for in what an indexer echoes (error texts, records, logs) and
 * replaced there; one that is short or an ordinary word would also match the
 * app's own words ("demo" in "Second demo"), so such a secret is not looked
 * for, and the profile editor says so when it is typed.
 */

/** Shorter secrets would match ordinary words and ids. */
export const MIN_REDACTED_SECRET_CHARS = 8

/** Values people type as placeholders: long enough, but words the app and indexers use too. */
const COMMON_VALUES = new Set([
  'password',
  'passw0rd',
  'changeme',
  'username',
  'undefined',
  'localhost',
  'proofwatch',
  'zkhelios_session',
  'session',
  'sessionid',
  'authorization',
  'bearer',
  'cookie',
  'secret',
  'example',
  'testtest',
  'qwertyui',
  'abcdefgh',
  '12345678',
  '123456789',
  '1234567890',
  'verified',
  'notifications',
  'transactions',
])

/** Why `secret` cannot be found safely in free text; null when it can. */
export function weakSecretReason(secret: string): string | null {
  if (secret.length < MIN_REDACTED_SECRET_CHARS) {
    return `it is shorter than ${MIN_REDACTED_SECRET_CHARS} characters`
  }
  if (COMMON_VALUES.has(secret.toLowerCase())) return 'it is a common word'
  if (/^(.)\1*$/.test(secret)) return 'it is one character repeated'
  return null
}

/** The profile editor's warning for a typed secret: what happens, and why; null for a strong one. */
export function weakSecretWarning(secret: string): string | null {
  const reason = weakSecretReason(secret.trim())
  if (reason === null || secret.trim() === '') return null
  return `This value will be used, but ${reason}, so ProofWatch cannot hide it where the indexer echoes it (an error text, a record): it would match ordinary words. Only the Cookie and Authorization headers in the log are hidden. A longer, random value is safer.`
}
