import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Logger } from '../core/log/log'
import { FakeSession, FakeWebContents, fakeEvent } from '@test/support/fake-electron'
import { resolveRendererLocation } from './renderer-location'
import type { GuardableContents, HardenableSession } from './security'
import { buildContentSecurityPolicy, guardWebContents, hardenSession } from './security'

const mainDir = resolve('/opt/proofwatch/out/main')
const built = resolveRendererLocation(mainDir)
const dev = resolveRendererLocation(mainDir, 'http://localhost:5173/')
const appPage = 'app://proofwatch/index.html'

function recordingLog(): Logger & { warnings: string[] } {
  const warnings: string[] = []
  return { warnings, info() {}, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) }
}

describe('buildContentSecurityPolicy', () => {
  it('repeats the renderer meta CSP exactly for the built app', () => {
    expect(buildContentSecurityPolicy(built)).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; " +
        "object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    )
  })

  it('allows the dev server and its hot-reload socket in dev mode only', () => {
    const csp = buildContentSecurityPolicy(dev)
    expect(csp).toContain("script-src 'self' http://localhost:5173;")
    expect(csp).toContain("connect-src 'self' http://localhost:5173 ws://localhost:5173;")
    expect(csp).toContain("object-src 'none'")
    // Vite injects component styles inline in dev; scripts stay strict.
    expect(csp).toContain("style-src 'self' http://localhost:5173 'unsafe-inline';")
    expect(csp).not.toContain('unsafe-eval')
    expect(buildContentSecurityPolicy(built)).not.toContain('unsafe')
  })
})

describe('hardenSession', () => {
  function hardened() {
    const session = new FakeSession()
    hardenSession(session as unknown as HardenableSession, built, 'CSP-VALUE')
    return session
  }

  it('denies permission requests and checks, but clipboard writes from the app page', () => {
    const session = hardened()
    const answers: boolean[] = []
    for (const permission of ['geolocation', 'media', 'notifications', 'openExternal', 'clipboard-read']) {
      session.permissionRequestHandler!(null, permission, (ok: boolean) => answers.push(ok), { requestingUrl: appPage })
      answers.push(session.permissionCheckHandler!(null, permission, 'file:///', { requestingUrl: appPage }) as boolean)
    }
    expect(answers).toEqual(Array(10).fill(false))
    session.permissionRequestHandler!(null, 'clipboard-sanitized-write', (ok: boolean) => answers.push(ok), { requestingUrl: appPage })
    session.permissionRequestHandler!(null, 'clipboard-sanitized-write', (ok: boolean) => answers.push(ok), {
      requestingUrl: 'https://evil.example/',
    })
    expect(answers.slice(10)).toEqual([true, false])
  })

  it('sets the CSP header on responses, replacing any the server sent', () => {
    const session = hardened()
    let answer: unknown
    session.headersReceivedListener!(
      { url: 'http://localhost:5173/', responseHeaders: { 'content-security-policy': ["default-src *"], 'Content-Type': ['text/html'] } },
      (response: unknown) => (answer = response),
    )
    expect(answer).toEqual({ responseHeaders: { 'Content-Type': ['text/html'], 'Content-Security-Policy': ['CSP-VALUE'] } })
  })
})

describe('guardWebContents', () => {
  function guarded(location = built) {
    const contents = new FakeWebContents()
    const log = recordingLog()
    guardWebContents(contents as unknown as GuardableContents, { location, log })
    return { contents, log }
  }

  it('lets the app navigate within its own pages and stops every other navigation and redirect', () => {
    const { contents, log } = guarded()
    const inside = fakeEvent({ url: `${appPage}#/proofs` })
    contents.emit('will-navigate', inside)
    expect(inside.defaultPrevented).toBe(false)
    for (const [name, url] of [
      ['will-navigate', 'https://example.com/'],
      ['will-navigate', 'file:///etc/passwd'],
      ['will-redirect', 'http://127.0.0.1:9/'],
    ] as const) {
      const event = fakeEvent({ url })
      contents.emit(name, event)
      expect(event.defaultPrevented, `${name} ${url}`).toBe(true)
    }
    expect(log.warnings).toHaveLength(3)
  })

  it('allows dev-server navigation only to the dev origin', () => {
    const { contents } = guarded(dev)
    const same = fakeEvent({ url: 'http://localhost:5173/index.html' })
    const other = fakeEvent({ url: 'http://localhost:8080/' })
    contents.emit('will-navigate', same)
    contents.emit('will-navigate', other)
    expect([same.defaultPrevented, other.defaultPrevented]).toEqual([false, true])
  })

  it('denies every new window, whatever its URL, and logs it', () => {
    const { contents, log } = guarded()
    for (const url of ['https://explorer.solana.com/address/K1', 'http://example.com/', 'javascript:alert(1)', appPage]) {
      expect(contents.windowOpenHandler!({ url })).toEqual({ action: 'deny' })
    }
    expect(log.warnings).toHaveLength(4)
  })

  it('refuses <webview>', () => {
    const { contents } = guarded()
    const event = fakeEvent({})
    contents.emit('will-attach-webview', event, {}, {})
    expect(event.defaultPrevented).toBe(true)
  })
})
