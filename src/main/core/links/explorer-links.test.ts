import { describe, expect, it } from 'vitest'
import { encodeBase58 } from '../../demo/base58'
import { explorerUrl, isExplorerUrl } from './explorer-links'

const SIG = encodeBase58(Uint8Array.from({ length: 64 }, (_, i) => 200 - i))
const KEY = encodeBase58(Uint8Array.from({ length: 32 }, (_, i) => 90 + i))

describe('explorerUrl', () => {
  it('builds the https page of a transaction, a proof account and an address', () => {
    expect(explorerUrl({ kind: 'transaction', id: SIG })).toBe(`https://explorer.solana.com/tx/${SIG}`)
    expect(explorerUrl({ kind: 'proof', id: KEY })).toBe(`https://explorer.solana.com/address/${KEY}`)
    expect(explorerUrl({ kind: 'address', id: KEY }, 'devnet')).toBe(`https://explorer.solana.com/address/${KEY}?cluster=devnet`)
  })

  it('refuses ids that are not base58 of the right length, other kinds and clusters', () => {
    expect(() => explorerUrl({ kind: 'transaction', id: KEY })).toThrow('64 bytes')
    expect(() => explorerUrl({ kind: 'address', id: '../../etc/passwd' })).toThrow('must be base58')
    expect(() => explorerUrl({ kind: 'address', id: `${KEY}?x=1` })).toThrow('must be base58')
    expect(() => explorerUrl({ kind: 'circuit', id: 'age' })).toThrow('No explorer page for a circuit')
    expect(() => explorerUrl({ kind: 'address', id: KEY }, 'localnet' as never)).toThrow('Unknown cluster localnet')
  })
})

describe('isExplorerUrl', () => {
  it('accepts exactly the pages the app builds', () => {
    expect(isExplorerUrl(explorerUrl({ kind: 'transaction', id: SIG }))).toBe(true)
    expect(isExplorerUrl(explorerUrl({ kind: 'address', id: KEY }, 'testnet'))).toBe(true)
  })

  it.each([
    `http://explorer.solana.com/tx/${SIG}`,
    `https://explorer.solana.com.evil.example/tx/${SIG}`,
    `https://evil.example/?https://explorer.solana.com/tx/${SIG}`,
    `https://explorer.solana.com/tx/${SIG}?cluster=custom&customUrl=http://127.0.0.1`,
    `https://explorer.solana.com/tx/${KEY}`,
    `https://explorer.solana.com/address/${SIG}`,
    `https://explorer.solana.com/tx/${SIG}#x`,
    `https://EXPLORER.solana.com/tx/${SIG}`,
    `https://user@explorer.solana.com/tx/${SIG}`,
    'javascript:alert(1)',
    'file:///etc/passwd',
  ])('refuses %s', (url) => {
    expect(isExplorerUrl(url)).toBe(false)
  })
})
