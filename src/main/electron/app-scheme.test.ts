import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { FakeProtocol } from '@test/support/fake-electron'
import { APP_INDEX_URL, registerAppSchemePrivileges, serveAppScheme } from './app-scheme'

vi.mock('electron', () => ({}))

const CSP = "default-src 'self'"
let protocol: FakeProtocol
let request: (url: string, method?: string) => Promise<Response>

beforeAll(() => {
  const base = mkdtempSync(join(tmpdir(), 'pw-app-scheme-'))
  const root = join(base, 'renderer')
  mkdirSync(join(root, 'assets'), { recursive: true })
  writeFileSync(join(root, 'index.html'), '<!doctype html><title>ProofWatch</title>')
  writeFileSync(join(root, 'assets', 'index.js'), 'export {}')
  writeFileSync(join(root, 'sign-in.html'), '<!doctype html><title>Sign in</title>')
  writeFileSync(join(base, 'credentials.enc.json'), '{"secret":1}')
  protocol = new FakeProtocol()
  registerAppSchemePrivileges(protocol)
  serveAppScheme(protocol, root, CSP)
  request = async (url, method = 'GET') => protocol.handlers.get('app')!(new Request(url, { method }))
})

describe('the app:// scheme', () => {
  it('is registered as a standard, secure scheme that fetch can use', () => {
    expect(protocol.privileged).toEqual([{ scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } }])
    expect([...protocol.handlers.keys()]).toEqual(['app'])
  })

  it('serves the built page and its scripts with their types, the CSP and nosniff', async () => {
    const page = await request(APP_INDEX_URL)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(page.headers.get('content-security-policy')).toBe(CSP)
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await page.text()).toContain('<title>ProofWatch</title>')
    const script = await request('app://proofwatch/assets/index.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toBe('export {}')
    expect((await request('app://proofwatch/')).status).toBe(200)
  })

  it('refuses files outside the renderer folder, however the path is written', async () => {
    const outside = await request('app://proofwatch/..%2Fcredentials.enc.json')
    expect(outside.status).toBe(403)
    expect(await outside.text()).not.toContain('secret')
    expect((await request('app://proofwatch/assets/..%2F..%2Fcredentials.enc.json')).status).toBe(403)
    expect((await request('app://proofwatch/..%5Ccredentials.enc.json')).status).toBe(403)
    // Dot segments, plain or encoded, are resolved by the URL itself and stay inside.
    expect((await request('app://proofwatch/%2e%2e/%2e%2e/credentials.enc.json')).status).toBe(404)
  })

  it('answers 404 for a missing file or another host, 400 for a broken path, 405 for other methods, and no body to HEAD', async () => {
    expect((await request('app://proofwatch/missing.js')).status).toBe(404)
    // The loopback sign-in page is built beside the app's page but is not one.
    expect((await request('app://proofwatch/sign-in.html')).status).toBe(404)
    expect((await request('app://proofwatch/assets')).status).toBe(404)
    expect((await request('app://elsewhere/index.html')).status).toBe(404)
    expect((await request('app://proofwatch/%E0%A4%A')).status).toBe(400)
    expect((await request(APP_INDEX_URL, 'POST')).status).toBe(405)
    const head = await request(APP_INDEX_URL, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})
