import { resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { ErrorInfo } from '@shared/domain'
import { encodeBase58 } from '../demo/base58'
import { silentLogger } from '../core/log/log'
import { DeepLinkRouter, registerProtocolClient } from './protocol'

const SIG = encodeBase58(Uint8Array.from({ length: 64 }, (_, i) => 9 + i))
const KEY = encodeBase58(Uint8Array.from({ length: 32 }, (_, i) => 200 - i))

function router() {
  const opened: string[] = []
  const refused: ErrorInfo[] = []
  const links = new DeepLinkRouter({ open: (route) => opened.push(route), refuse: (p) => refused.push(p), log: silentLogger })
  return { links, opened, refused }
}

describe('registerProtocolClient', () => {
  it('registers the scheme for the packaged app, and Electron with the script in development', () => {
    const app = { setAsDefaultProtocolClient: vi.fn(() => true) }
    registerProtocolClient(app, { defaultApp: false, execPath: '/opt/ProofWatch/proofwatch', argv: ['/opt/ProofWatch/proofwatch'] }, silentLogger)
    expect(app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('proofwatch')
    registerProtocolClient(app, { defaultApp: true, execPath: '/usr/bin/electron', argv: ['/usr/bin/electron', 'out/main/index.js'] }, silentLogger)
    expect(app.setAsDefaultProtocolClient).toHaveBeenLastCalledWith('proofwatch', '/usr/bin/electron', [resolve('out/main/index.js')])
  })

  it('warns when the system refuses', () => {
    const warnings: string[] = []
    const ok = registerProtocolClient({ setAsDefaultProtocolClient: () => false }, { defaultApp: false, execPath: 'x', argv: [] }, { ...silentLogger, warn: (m) => warnings.push(m) })
    expect(ok).toBe(false)
    expect(warnings).toEqual(['Could not register proofwatch:// links with the system'])
  })
})

describe('DeepLinkRouter', () => {
  it('holds links until the window can take them, then opens only the last', () => {
    const { links, opened } = router()
    expect(links.handle(`proofwatch://tx/${SIG}`)).toBe(true)
    expect(links.handle(`proofwatch://address/${KEY}`)).toBe(true)
    expect(opened).toEqual([])
    links.markReady()
    expect(opened).toEqual([`/address/${KEY}`])
    links.handle(`proofwatch://proof/${KEY}`)
    expect(opened.at(-1)).toBe(`/proofs/${KEY}`)
  })

  it('finds the link on a command line and ignores command lines without one', () => {
    const { links, opened } = router()
    links.markReady()
    expect(links.handleArgv(['/opt/ProofWatch/proofwatch', '--no-sandbox', `proofwatch://tx/${SIG}/`])).toBe(true)
    expect(links.handleArgv(['/opt/ProofWatch/proofwatch', '--hidden'])).toBe(false)
    expect(opened).toEqual([`/transactions/${SIG}`])
  })

  it.each([
    'proofwatch://tx/../../etc',
    'javascript:alert(1)//proofwatch://tx/x',
    `proofwatch://tx/${SIG}/../../settings`,
    `proofwatch://proof/${KEY}?then=javascript:alert(1)`,
    'proofwatch://address/%2E%2E%2F%2E%2E',
  ])('refuses %s with the reason and opens nothing', (url) => {
    const { links, opened, refused } = router()
    links.markReady()
    expect(links.handle(url)).toBe(false)
    expect(opened).toEqual([])
    expect(refused).toHaveLength(1)
    expect(refused[0]).toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/^Link not opened: /) })
  })
})
