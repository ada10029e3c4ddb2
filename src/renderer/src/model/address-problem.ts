import { isBase58 } from '@shared/ids'

/** Why `text` is not an address (base58, 32–44 characters), or null when it is one. */
export function addressProblem(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'Enter an address.'
  if (!isBase58(trimmed)) return 'An address uses base58 letters and digits only (no 0, O, I or l).'
  if (trimmed.length < 32 || trimmed.length > 44) {
    return `An address is 32 to 44 characters long; this one has ${trimmed.length}.`
  }
  return null
}
