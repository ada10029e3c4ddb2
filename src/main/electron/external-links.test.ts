import { describe, expect, it, vi } from 'vitest'
import { encodeBase58 } from '../demo/base58'
import { explorerUrl } from '../core/links/explorer-links'
import { silentLogger } from '../core/log/log'
import { createExternalOpener } from './external-links'

const KEY = encodeBase58(Uint8Array.from({ length: 32 }, (_, i) => 33 + i))

describe('createExternalOpener', () => {
  it('opens explorer pages the app builds', async () => {
    const shell = { openExternal: vi.fn(async () => {}) }
    const url = explorerUrl({ kind: 'address', id: KEY }, 'devnet')
    await expect(createExternalOpener(shell, silentLogger)(url)).resolves.toBe(true)
    expect(shell.openExternal).toHaveBeenCalledWith(url)
  })

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    `http://explorer.solana.com/address/${KEY}`,
    `https://explorer.solana.com.evil.example/address/${KEY}`,
    `https://explorer.solana.com/address/${KEY}?cluster=custom&customUrl=http://127.0.0.1`,
    'smb://server/share',
  ])('refuses %s without touching the shell', async (url) => {
    const shell = { openExternal: vi.fn(async () => {}) }
    await expect(createExternalOpener(shell, silentLogger)(url)).resolves.toBe(false)
    expect(shell.openExternal).not.toHaveBeenCalled()
  })

  it('answers false when the browser cannot be started', async () => {
    const open = createExternalOpener({ openExternal: async () => Promise.reject(new Error('no browser')) }, silentLogger)
    await expect(open(explorerUrl({ kind: 'proof', id: KEY }))).resolves.toBe(false)
  })
})
