import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { encodeBase58 } from '../../demo/base58'
import { base58ByteLength, findDeepLinkArgument, parseDeepLink } from './deep-link'

const bytes = (length: number, first = 7) => Uint8Array.from({ length }, (_, i) => (first + i * 31) % 256)
const SIG = encodeBase58(bytes(64))
const KEY = encodeBase58(bytes(32))

function refusal(url: unknown): ProofWatchError {
  try {
    parseDeepLink(url)
  } catch (error) {
    if (error instanceof ProofWatchError) return error
    throw error
  }
  throw new Error(`expected ${String(url)} to be refused`)
}

describe('parseDeepLink', () => {
  it('opens a transaction, a proof and an address', () => {
    expect(parseDeepLink(`proofwatch://tx/${SIG}`)).toEqual({ target: { kind: 'transaction', id: SIG }, route: `/transactions/${SIG}` })
    expect(parseDeepLink(`proofwatch://proof/${KEY}`)).toEqual({ target: { kind: 'proof', id: KEY }, route: `/proofs/${KEY}` })
    expect(parseDeepLink(`proofwatch://address/${KEY}`)).toEqual({ target: { kind: 'address', id: KEY }, route: `/address/${KEY}` })
  })

  it('takes the scheme and kind in any case and one trailing slash, never changing the id', () => {
    expect(parseDeepLink(`PROOFWATCH://TX/${SIG}/`).target).toEqual({ kind: 'transaction', id: SIG })
    expect(parseDeepLink(`proofwatch://transaction/${SIG}`).target.kind).toBe('transaction')
  })

  it('accepts ids with leading zero bytes (leading 1s) of the right length', () => {
    const key = encodeBase58(Uint8Array.from({ length: 32 }, (_, i) => (i < 3 ? 0 : i)))
    expect(key.startsWith('111')).toBe(true)
    expect(parseDeepLink(`proofwatch://address/${key}`).target.id).toBe(key)
  })

  it.each([
    ['proofwatch://tx/../../etc', 'holds only letters, digits and slashes'],
    ['proofwatch://tx/..%2F..%2Fetc%2Fpasswd', 'holds only letters, digits and slashes'],
    [`proofwatch://tx/${SIG}%00`, 'holds only letters, digits and slashes'],
    [`proofwatch://tx/${SIG}?open=file:///etc/passwd`, 'holds only letters, digits and slashes'],
    [`proofwatch://tx/${SIG}#x`, 'holds only letters, digits and slashes'],
    [`proofwatch://tx\\..\\${SIG}`, 'holds only letters, digits and slashes'],
    [`proofwatch://user@tx/${SIG}`, 'holds only letters, digits and slashes'],
    [`proofwatch://tx/${SIG.slice(0, 10)}\u0430${SIG.slice(11)}`, 'holds only letters, digits and slashes'],
    [`proofwatch://tx/ ${SIG}`, 'holds only letters, digits and slashes'],
    ['javascript:alert(document.cookie)', 'Not a proofwatch:// link'],
    ['file:///etc/passwd', 'Not a proofwatch:// link'],
    [`https://explorer.solana.com/tx/${SIG}`, 'Not a proofwatch:// link'],
    [`proofwatch:tx/${SIG}`, 'Not a proofwatch:// link'],
    [`proofwatch:///tx/${SIG}`, 'A link is proofwatch://tx/<signature>'],
    [`proofwatch://tx/${SIG}/extra`, 'A link is proofwatch://tx/<signature>'],
    [`proofwatch://tx//${SIG}`, 'A link is proofwatch://tx/<signature>'],
    ['proofwatch://tx', 'A link is proofwatch://tx/<signature>'],
    [`proofwatch://tx:443/${SIG}`, 'Unknown link kind tx:443'],
    [`proofwatch://settings/${KEY}`, 'Unknown link kind settings'],
    [`proofwatch://tx/${KEY}`, 'A transaction signature is 64 bytes in base58, got 32'],
    [`proofwatch://address/${SIG}`, 'An address is 32 bytes in base58, got 64'],
    [`proofwatch://proof/${KEY.slice(0, -1)}0`, 'A proof account must be base58 text'],
    [`proofwatch://proof/${KEY}${'z'.repeat(200)}`, 'A link is at most 200 characters'],
  ])('refuses %s', (url, message) => {
    const error = refusal(url)
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toContain(message)
  })

  it('refuses what is not text', () => {
    for (const value of [null, 42, { url: 'proofwatch://tx/x' }]) expect(refusal(value).message).toBe('A link must be text')
  })

  it('keeps what it quotes of a hostile link short and printable', () => {
    const message = refusal(`javascript:${'\u0000'.repeat(5)}${'x'.repeat(150)}`).message
    expect(message).not.toMatch(/[\u0000-\u001f]/)
    expect(message.length).toBeLessThan(120)
  })
})

describe('base58ByteLength', () => {
  it('gives the byte length of base58 text, null for other text', () => {
    expect(base58ByteLength(SIG)).toBe(64)
    expect(base58ByteLength(KEY)).toBe(32)
    expect(base58ByteLength('1')).toBe(1)
    expect(base58ByteLength('')).toBeNull()
    expect(base58ByteLength('0OIl')).toBeNull()
  })
})

describe('findDeepLinkArgument', () => {
  it('finds the link among other command-line arguments', () => {
    expect(findDeepLinkArgument(['--hidden', `proofwatch://tx/${SIG}`, '--flag'])).toBe(`proofwatch://tx/${SIG}`)
    expect(findDeepLinkArgument(['--allow-file-access-from-files', `ProofWatch://proof/${KEY}`])).toBe(`ProofWatch://proof/${KEY}`)
    expect(findDeepLinkArgument(['--indexer', 'http://x', '.'])).toBeNull()
  })
})
