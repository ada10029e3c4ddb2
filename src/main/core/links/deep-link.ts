/**
 * `proofwatch://` links from the OS (a browser, another app, the command
 * line): `proofwatch://tx/<signature>`, `proofwatch://proof/<account>`,
 * `proofwatch://address/<pubkey>`. Anything else is refused with the reason
 * before it reaches the window: the text comes from outside the app.
 */
import { ProofWatchError } from '@shared/errors'
import { BASE58_ALPHABET } from '@shared/ids'
import type { LinkKind, LinkTarget } from '../notify/routes'
import { routeForTarget } from '../notify/routes'

export const DEEP_LINK_SCHEME = 'proofwatch'

export interface DeepLink {
  target: LinkTarget
  /** The renderer route it opens. */
  route: string
}

/** Far above the longest valid link (a 88-character signature); keeps hostile input short in messages and logs. */
const MAX_LINK_LENGTH = 200
const PREFIX = `${DEEP_LINK_SCHEME}://`

const KINDS: Readonly<Record<string, LinkKind>> = { tx: 'transaction', transaction: 'transaction', proof: 'proof', address: 'address' }

/** Keys and accounts are 32 bytes, signatures 64, all written in base58. */
const ID_BYTES: Readonly<Record<LinkKind, number>> = { transaction: 64, proof: 32, address: 32 }
const ID_NAMES: Readonly<Record<LinkKind, string>> = { transaction: 'A transaction signature', proof: 'A proof account', address: 'An address' }

const BASE58_VALUES = new Map([...BASE58_ALPHABET].map((char, index) => [char, index]))

function refuse(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message })
}

/** For messages and logs: printable, and short. */
function shown(text: string): string {
  const printable = text.replace(/[^\x20-\x7e]/g, '?')
  return printable.length > 60 ? `${printable.slice(0, 60)}…` : printable
}

/** How many bytes a base58 text stands for, or null when it is not base58. */
export function base58ByteLength(text: string): number | null {
  if (text === '') return null
  const bytes: number[] = []
  for (const char of text) {
    const value = BASE58_VALUES.get(char)
    if (value === undefined) return null
    let carry = value
    for (let index = 0; index < bytes.length; index++) {
      carry += bytes[index]! * 58
      bytes[index] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  // Each leading '1' stands for a zero byte.
  let zeros = 0
  while (text[zeros] === '1') zeros++
  return zeros + bytes.length
}

/** Checks an id of `kind` (base58 of the right byte length) and returns it. */
export function checkLinkId(kind: LinkKind, id: string): string {
  const bytes = base58ByteLength(id)
  if (bytes === null) throw refuse(`${ID_NAMES[kind]} must be base58 text, got ${shown(id)}`)
  if (bytes !== ID_BYTES[kind]) throw refuse(`${ID_NAMES[kind]} is ${ID_BYTES[kind]} bytes in base58, got ${bytes}: ${shown(id)}`)
  return id
}

/** Reads a `proofwatch://` link; throws a ProofWatchError saying what is wrong with anything else. */
export function parseDeepLink(url: unknown): DeepLink {
  if (typeof url !== 'string') throw refuse('A link must be text')
  if (url.length > MAX_LINK_LENGTH) throw refuse(`A link is at most ${MAX_LINK_LENGTH} characters`)
  if (url.slice(0, PREFIX.length).toLowerCase() !== PREFIX) throw refuse(`Not a ${PREFIX} link: ${shown(url)}`)
  // Only the characters a valid link can hold: no escapes to decode, no spaces, controls or look-alike letters.
  if (!/^[A-Za-z0-9/:]+$/.test(url)) throw refuse(`A ${PREFIX} link holds only letters, digits and slashes: ${shown(url)}`)
  const segments = url.slice(PREFIX.length).split('/')
  // One trailing slash is tolerated: Windows may add it when it hands the link over.
  if (segments.length === 3 && segments[2] === '') segments.pop()
  if (segments.length !== 2 || segments.some((segment) => segment === '')) {
    throw refuse(`A link is ${PREFIX}tx/<signature>, ${PREFIX}proof/<account> or ${PREFIX}address/<pubkey>: ${shown(url)}`)
  }
  const [kindText, id] = segments as [string, string]
  const kind = KINDS[kindText.toLowerCase()]
  if (!kind) throw refuse(`Unknown link kind ${shown(kindText)}: use tx, proof or address`)
  const target: LinkTarget = { kind, id: checkLinkId(kind, id) }
  return { target, route: routeForTarget(target) }
}

/** The first `proofwatch:` argument of a command line (how Windows and Linux hand a link over), or null. */
export function findDeepLinkArgument(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.slice(0, DEEP_LINK_SCHEME.length + 1).toLowerCase() === `${DEEP_LINK_SCHEME}:`) ?? null
}
