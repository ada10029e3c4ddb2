/**
 * A hostile indexer against keypair sign-in: a challenge that is not a
 * sign-in to this indexer is never signed, nothing is signed before the user
 * saw and confirmed the message, a new domain is asked about again, and a
 * session or account check that names another key than the signer's is
 * refused with nothing kept. Real HTTP; the key is a fresh Ed25519 keypair.
 */
import { generateKeyPairSync } from 'node:crypto'
import { mkdirSync, writeFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { AuthState, SignedInUser } from '@shared/auth'
import { memorySecretStorage, type SecretStorage } from '../../src/main/core/config/secrets'
import { encodeBase58, publicKeyBytes } from '../../src/main/core/sign-in/ed25519'
import { SignInService } from '../../src/main/core/sign-in/sign-in-service'
import { readSession } from '../../src/main/core/sign-in/stored-session'
import { startHostileIndexer, type HostileIndexer } from './hostile-indexer'
import { recordingLogger } from './serve-fixture'
import { tempFolder } from '../support/temp-folder'

const tally = { tried: 0, survived: 0, signedUnseen: 0, silentIdentityChanges: 0 }
afterAll(() =>
  console.log(
    `hostile indexer (sign-in trust): ${tally.tried} inputs, ${tally.survived} survived, ${tally.signedUnseen} signatures sent for an unconfirmed message, ${tally.silentIdentityChanges} silent identity changes`,
  ),
)

const running: HostileIndexer[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((indexer) => indexer.close()))
})

function json(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  response.end(JSON.stringify(body))
}

async function bodyOf(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, string>
}

function keypair(): { file: string; pubkey: string } {
  const { privateKey } = generateKeyPairSync('ed25519')
  const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d as string, 'base64url')
  const pub = publicKeyBytes(privateKey)
  const file = join(tempFolder('proofwatch-trust-'), 'id.json')
  writeFileSync(file, JSON.stringify([...seed, ...pub]))
  return { file, pubkey: encodeBase58(pub) }
}

interface Rig {
  indexer: HostileIndexer
  service: SignInService
  secrets: SecretStorage
  verified: Array<Record<string, string>>
  sessions: Array<SignedInUser | null>
  states: AuthState[]
  log: ReturnType<typeof recordingLogger>
  challenge: Record<string, string>
  /** Who verify and me answer for; null: the signer. */
  answerFor: { verify: string | null; me: Partial<SignedInUser> | null }
}

/** A page root with a stand-in for the built sign-in page. */
function pageRoot(): string {
  const root = tempFolder('proofwatch-trust-page-')
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'sign-in.html'), '<!doctype html><script type="module" src="./assets/page.js"></script>')
  writeFileSync(join(root, 'assets', 'page.js'), '')
  return root
}

async function rig(options: { demo?: boolean; pages?: boolean } = {}): Promise<Rig> {
  const indexer = await startHostileIndexer()
  running.push(indexer)
  const host = new URL(indexer.httpUrl).host
  const r: Rig = {
    indexer,
    secrets: memorySecretStorage(),
    verified: [],
    sessions: [],
    states: [],
    log: recordingLogger(),
    challenge: { nonce: 'Nx22jcK5tbuuQWc1gMyaKf', statement: 'Sign in to the indexer.', uri: indexer.httpUrl, version: '1', domain: host },
    answerFor: { verify: null, me: null },
    service: null as unknown as SignInService,
  }
  indexer.answer(/^\/api\/auth\/nonce$/, (_request, response) => json(response, 200, { ok: true, issuedAt: new Date().toISOString(), ...r.challenge }))
  indexer.answer(/^\/api\/auth\/verify$/, (request, response) => {
    void bodyOf(request).then((body) => {
      r.verified.push(body)
      const pubkey = r.answerFor.verify ?? body.pubkey
      json(response, 200, { ok: true, user: { pubkey, role: 'USER', displayName: null, email: null }, expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString() }, {
        'set-cookie': `zkhelios_session=session-for-${pubkey}; Max-Age=604800; Path=/; HttpOnly`,
      })
    })
  })
  indexer.answer(/^\/api\/auth\/me$/, (request, response) => {
    const cookie = request.headers.cookie ?? ''
    const pubkey = cookie.replace(/^.*session-for-/, '')
    json(response, 200, { ok: true, user: { pubkey, role: 'USER', displayName: null, email: null, ...r.answerFor.me } })
  })
  indexer.answer(/^\/api\/auth\/logout$/, (_request, response) => json(response, 200, { ok: true }))
  r.service = new SignInService({
    secrets: r.secrets,
    log: r.log,
    target: () => ({ httpUrl: indexer.httpUrl, demo: options.demo ?? false, wallet: null, pastedCredential: false }),
    onChange: (state) => r.states.push(state),
    onSession: async (change) => {
      r.sessions.push(change.user)
    },
    onSignedOut: () => undefined,
    pageRoot: options.pages ? pageRoot() : null,
  })
  return r
}

/** A rig signed in with a fresh keypair, as a person does it: the message shown, then confirmed. */
async function signedInRig(): Promise<{ r: Rig; pubkey: string }> {
  const r = await rig()
  const { file, pubkey } = keypair()
  const shown = await r.service.signInWithKeypair(file)
  await r.service.confirmSignIn(shown.confirmation!.id, true)
  return { r, pubkey }
}

/** One hostile input: the service answered (no crash) and nothing was signed and sent unseen. */
async function input(r: Rig, run: () => Promise<void>): Promise<void> {
  tally.tried++
  const before = r.verified.length
  await run()
  if (r.verified.length !== before) tally.signedUnseen++
  expect(r.verified.length).toBe(before)
  tally.survived++
}

describe('a challenge that is not a sign-in to this indexer is never signed', () => {
  const NOW = () => new Date().toISOString()
  const cases: Array<[string, (host: string, url: string) => Record<string, string>, RegExp]> = [
    [
      "another service's challenge relayed (domain, statement, version 2, issued 2001)",
      () => ({
        domain: 'app.other-service.example',
        uri: 'https://app.other-service.example',
        statement: 'I authorize app.other-service.example to withdraw all funds',
        version: '2',
        issuedAt: '2001-01-01T00:00:00.000Z',
      }),
      /only version 1 is known/,
    ],
    ['version 2', () => ({ version: '2' }), /version "2"/],
    ['issued in 2001', () => ({ issuedAt: '2001-01-01T00:00:00.000Z' }), /more than 5 minutes from this computer's clock/],
    ['issued 10 minutes ahead', () => ({ issuedAt: new Date(Date.now() + 10 * 60_000).toISOString() }), /more than 5 minutes/],
    ['issued "yesterday"', () => ({ issuedAt: 'yesterday' }), /not a date and time/],
    ['a right-to-left override in the statement', () => ({ statement: 'Sign in \u202egnp.exe\u202c' }), /control or invisible characters/],
    ['NUL and ESC in the statement', () => ({ statement: 'Sign in\u0000\u001b[2J' }), /control or invisible characters/],
    ['a zero-width space in the statement', () => ({ statement: 'Sign\u200b in' }), /control or invisible characters/],
    ['a statement of 10,000 characters', () => ({ statement: 'a'.repeat(10_000) }), /10000 characters long/],
    ['a URI of another site', (host) => ({ domain: host, uri: 'https://app.other-service.example' }), /does not belong to the domain/],
    ['a javascript: URI', () => ({ uri: 'javascript:alert(1)' }), /not a web address/],
    ['a URI that is no URL', () => ({ uri: 'not a url' }), /is not a URL/],
    ['a domain with a space', () => ({ domain: 'evil.example wants you', uri: 'https://evil.example' }), /not a host name/],
    ['a nonce of 3 characters', () => ({ nonce: 'abc' }), /nonce/],
    ['a nonce with spaces', () => ({ nonce: 'abc def ghi jkl' }), /nonce/],
    ['version "1.0"', () => ({ version: '1.0' }), /only version 1 is known/],
    ['version "v1"', () => ({ version: 'v1' }), /only version 1 is known/],
    ['an empty version', () => ({ version: '' }), /no usable version/],
    ['issued 5 minutes and 10 seconds ago', () => ({ issuedAt: new Date(Date.now() - 310_000).toISOString() }), /more than 5 minutes/],
    ['issued with a far time zone offset', () => ({ issuedAt: new Date(Date.now() + 3 * 3600_000).toISOString().replace('Z', '+00:00') }), /more than 5 minutes/],
    ['issued "NaN"', () => ({ issuedAt: 'NaN' }), /not a date and time/],
    ['issued in month 13', () => ({ issuedAt: '2026-13-45T00:00:00.000Z' }), /not a date and time/],
    ['issued as epoch seconds', () => ({ issuedAt: String(Math.floor(Date.now() / 1000)) }), /not a date and time/],
    ['a line break in the statement', () => ({ statement: 'Sign in\nURI: https://evil.example' }), /no usable statement/],
    ['a line break in the nonce', () => ({ nonce: 'abcdefgh\nIssued At: 2001' }), /no usable nonce/],
    ['a line break in the domain', () => ({ domain: 'evil.example\nhost' }), /no usable domain/],
    ['a bidi isolate in the statement', () => ({ statement: 'Sign \u2066in\u2069' }), /control or invisible characters/],
    ['a byte order mark inside the statement', () => ({ statement: 'Sign\ufeff in' }), /control or invisible characters/],
    ['an Arabic letter mark in the statement', () => ({ statement: 'Sign\u061c in' }), /control or invisible characters/],
    ['a C1 next-line in the statement', () => ({ statement: 'Sign\u0085in' }), /control or invisible characters/],
    ['DEL in the statement', () => ({ statement: 'Sign\u007fin' }), /control or invisible characters/],
    ['a left-to-right mark in the statement', () => ({ statement: 'Sign\u200e in' }), /control or invisible characters/],
    ['a statement of 501 characters', () => ({ statement: 'b'.repeat(501) }), /501 characters long/],
    ['a user name before the URI host', (host) => ({ domain: host, uri: `https://app.other-service.example@${host}/` }), /user name before the host/],
    ['a file: URI', () => ({ uri: 'file:///etc/passwd' }), /not a web address/],
    ['a data: URI', () => ({ uri: 'data:text/html,<h1>hi</h1>' }), /not a web address/],
    ['an ftp: URI', (host) => ({ uri: `ftp://${host}/` }), /not a web address/],
    ['a URI whose port is out of range', (host) => ({ uri: `https://${host.split(':')[0]}:99999/` }), /is not a URL/],
    ['a domain that is a look-alike in Cyrillic', () => ({ domain: 'аpp.example', uri: 'https://xn--pp-8kc.example' }), /not a host name/],
    ['a domain with a path', (host) => ({ domain: `${host}/sign-in` }), /not a host name/],
    ['a domain with a scheme', (host) => ({ domain: `https://${host}` }), /not a host name/],
    ['a URI on another port of the same host', (host) => ({ uri: `http://${host.split(':')[0]}:1/` }), /does not belong to the domain/],
    ['a URI on a sub-domain of the domain', () => ({ domain: 'example.com', uri: 'https://evil.example.com' }), /does not belong to the domain/],
    ['a domain on a sub-domain of the URI', () => ({ domain: 'login.example.com', uri: 'https://example.com' }), /does not belong to the domain/],
    ['a nonce of 129 characters', () => ({ nonce: 'n'.repeat(129) }), /nonce/],
    ['a nonce with a slash', () => ({ nonce: 'abcdefgh/ijk' }), /nonce/],
  ]
  for (const [name, change, reason] of cases) {
    it(`refuses ${name}`, async () => {
      const r = await rig()
      const { file } = keypair()
      Object.assign(r.challenge, { issuedAt: NOW() }, change(new URL(r.indexer.httpUrl).host, r.indexer.httpUrl))
      await input(r, async () => {
        await expect(r.service.signInWithKeypair(file)).rejects.toMatchObject({ message: expect.stringMatching(reason) })
        expect(r.service.snapshot()).toMatchObject({ status: 'signed-out', confirmation: null, problem: expect.stringMatching(reason) })
      })
      expect(r.secrets.values()).toEqual([])
    })
  }
})

describe('nothing is signed before the user saw and confirmed the message', () => {
  it('shows the exact message with its domain, signs nothing on cancel, and signs exactly that message on confirm', async () => {
    const r = await rig()
    const { file, pubkey } = keypair()
    const host = new URL(r.indexer.httpUrl).host
    let shown: AuthState | undefined
    await input(r, async () => {
      shown = await r.service.signInWithKeypair(file)
    })
    expect(shown?.confirmation).toMatchObject({ pubkey, domain: host, previousDomain: null })
    expect(shown?.confirmation?.message.split('\n')[0]).toBe(`${host} wants you to sign in with your Solana account:`)
    await input(r, async () => {
      const cancelled = await r.service.confirmSignIn(shown!.confirmation!.id, false)
      expect(cancelled).toMatchObject({ status: 'signed-out', confirmation: null })
    })
    // The same answer again: nothing waits any more.
    await expect(r.service.confirmSignIn(shown!.confirmation!.id, true)).rejects.toMatchObject({ message: /no longer waiting/ })
    expect(r.verified).toEqual([])

    const again = await r.service.signInWithKeypair(file)
    const signedIn = await r.service.confirmSignIn(again.confirmation!.id, true)
    expect(signedIn).toMatchObject({ status: 'signed-in', user: { pubkey }, confirmation: null })
    expect(r.verified).toHaveLength(1)
    expect(r.verified[0]?.message).toBe(again.confirmation?.message)
    expect(r.sessions).toEqual([expect.objectContaining({ pubkey })])
  })

  it('asks again, saying so, when a later challenge names another domain; --keypair at launch signs only for the confirmed one', async () => {
    const r = await rig()
    const { file } = keypair()
    const host = new URL(r.indexer.httpUrl).host
    const first = await r.service.signInWithKeypair(file)
    await r.service.confirmSignIn(first.confirmation!.id, true)
    await r.service.signOut()

    // The same domain at launch: signed without asking, as confirmed before.
    const launched = await r.service.signInWithKeypair(file, 'launch')
    expect(launched).toMatchObject({ status: 'signed-in', confirmation: null })
    await r.service.signOut()
    const verifiedBefore = r.verified.length

    // Another domain: at launch it waits for the user; asked, it says what changed.
    Object.assign(r.challenge, { domain: 'login.indexer.example', uri: 'https://login.indexer.example/sign-in' })
    await input(r, async () => {
      const waiting = await r.service.signInWithKeypair(file, 'launch')
      expect(waiting).toMatchObject({ status: 'signed-out', confirmation: { domain: 'login.indexer.example', previousDomain: host } })
    })
    expect(r.verified.length).toBe(verifiedBefore)
    const asked = await r.service.signInWithKeypair(file)
    expect(asked.confirmation).toMatchObject({ domain: 'login.indexer.example', previousDomain: host })
  })

  it('signs in at launch on the built-in demo, whose domain is ProofWatch’s own', async () => {
    const r = await rig({ demo: true })
    const { file, pubkey } = keypair()
    expect(await r.service.signInWithKeypair(file, 'launch')).toMatchObject({ status: 'signed-in', user: { pubkey } })
  })

  it('refuses to sign a message the user saw more than 5 minutes ago', async () => {
    let now = Date.now()
    const r = await rig()
    const late = new SignInService({
      secrets: r.secrets,
      log: r.log,
      target: () => ({ httpUrl: r.indexer.httpUrl, demo: false, wallet: null, pastedCredential: false }),
      onChange: () => undefined,
      onSession: async () => undefined,
      onSignedOut: () => undefined,
      pageRoot: null,
      now: () => now,
    })
    const { file } = keypair()
    const shown = await late.signInWithKeypair(file)
    now += 6 * 60_000
    await input(r, async () => {
      await expect(late.confirmSignIn(shown.confirmation!.id, true)).rejects.toMatchObject({ message: /more than 5 minutes ago/ })
    })
  })
})

describe('one identity per key', () => {
  it('refuses a verify answer naming another account: nothing saved, no session change, the user told', async () => {
    const r = await rig()
    const { file, pubkey } = keypair()
    const intruder = keypair().pubkey
    r.answerFor.verify = intruder
    const shown = await r.service.signInWithKeypair(file)
    tally.tried++
    await expect(r.service.confirmSignIn(shown.confirmation!.id, true)).rejects.toMatchObject({ message: expect.stringContaining(intruder) })
    expect(readSession(r.secrets, r.indexer.httpUrl)).toBeNull()
    expect(r.sessions).toEqual([])
    expect(r.service.snapshot()).toMatchObject({ status: 'signed-out', user: null, problem: expect.stringContaining(pubkey) })
    expect(r.states.some((s) => s.user?.pubkey === intruder)).toBe(false)
    expect(r.log.lines.some((line) => line.includes('another account'))).toBe(true)
    if (r.states.some((s) => s.user?.pubkey === intruder)) tally.silentIdentityChanges++
    tally.survived++
  })

  it('refuses a kept session whose account check names another key, and forgets it', async () => {
    const { r, pubkey } = await signedInRig()
    const intruder = keypair().pubkey
    r.answerFor.me = { pubkey: intruder, displayName: '<img src=x onerror=alert(1)>', role: 'ADMIN', email: 'a\u0007@b' }
    tally.tried++
    await r.service.connected()
    expect(r.service.snapshot()).toMatchObject({ status: 'signed-out', user: null, problem: expect.stringContaining(intruder) })
    expect(readSession(r.secrets, r.indexer.httpUrl)).toBeNull()
    expect(r.states.some((s) => s.user?.pubkey === intruder)).toBe(false)
    expect(r.log.lines.some((line) => line.includes(pubkey))).toBe(true)
    tally.survived++
  })

  const refusedVerifies: Array<[string, (pubkey: string) => unknown]> = [
    ['a verify answer whose account is no Solana key', () => ({ ok: true, user: { pubkey: '<script>alert(1)</script>' }, expiresAt: new Date(Date.now() + 86_400_000).toISOString() })],
    ['a verify answer without an account', () => ({ ok: true, expiresAt: new Date(Date.now() + 86_400_000).toISOString() })],
    ['a verify answer naming the signer in another case', (pubkey) => ({ ok: true, user: { pubkey: pubkey.toLowerCase() }, expiresAt: new Date(Date.now() + 86_400_000).toISOString() })],
  ]
  for (const [name, answer] of refusedVerifies) {
    it(`refuses ${name}, keeping nothing`, async () => {
      const r = await rig()
      const { file, pubkey } = keypair()
      r.indexer.answer(/^\/api\/auth\/verify$/, (_request, response) =>
        json(response, 200, answer(pubkey), { 'set-cookie': 'zkhelios_session=hostile-session; Max-Age=604800; Path=/; HttpOnly' }),
      )
      const shown = await r.service.signInWithKeypair(file)
      tally.tried++
      await expect(r.service.confirmSignIn(shown.confirmation!.id, true)).rejects.toBeTruthy()
      expect(readSession(r.secrets, r.indexer.httpUrl)).toBeNull()
      expect(r.sessions).toEqual([])
      expect(r.service.snapshot().status).not.toBe('signed-in')
      tally.survived++
    })
  }

  it('keeps a session whose account check fails with a 500: out of reach is not another identity', async () => {
    const { r, pubkey } = await signedInRig()
    r.indexer.answer(/^\/api\/auth\/me$/, (_request, response) => json(response, 500, { ok: false, code: 'INTERNAL', error: 'boom' }))
    tally.tried++
    await r.service.connected()
    expect(r.service.snapshot()).toMatchObject({ status: 'signed-in', user: { pubkey } })
    expect(readSession(r.secrets, r.indexer.httpUrl)?.user.pubkey).toBe(pubkey)
    tally.survived++
  })

  it('shows an account check’s HTML display name as text and its role as given, for its own key', async () => {
    const { r, pubkey } = await signedInRig()
    r.answerFor.me = { displayName: '<img src=x onerror=alert(1)>', role: 'ADMIN' }
    tally.tried++
    await r.service.connected()
    expect(r.service.snapshot().user).toMatchObject({ pubkey, displayName: '<img src=x onerror=alert(1)>', role: 'ADMIN' })
    tally.survived++
  })

  it('keeps its own account whose check sends control characters, showing them cleaned', async () => {
    const { r, pubkey } = await signedInRig()
    r.answerFor.me = { displayName: 'Ali\u202ece\u0000', email: 'a\u0007@b.example' }
    tally.tried++
    await r.service.connected()
    expect(r.service.snapshot().user).toEqual({ pubkey, displayName: 'Alice', role: 'USER', email: 'a@b.example' })
    tally.survived++
  })
})

describe('one sign-in page at a time', () => {
  async function answers(url: string): Promise<boolean> {
    return fetch(url).then(
      (response) => response.status === 200,
      () => false,
    )
  }

  it('leaves only the newest of 20 concurrent pages listening, and sign-out closes it', async () => {
    const r = await rig({ pages: true })
    tally.tried++
    const started = await Promise.allSettled(Array.from({ length: 20 }, () => r.service.beginBrowserSignIn()))
    const urls = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value.url] : []))
    expect(urls.length).toBeGreaterThan(0)
    const listening = (await Promise.all(urls.map(answers))).filter(Boolean)
    expect(listening).toHaveLength(1)
    expect(r.service.snapshot().pending?.url).toBe(urls.at(-1))

    const pending = r.service.snapshot().pending!.url
    await r.service.signOut()
    expect(await answers(pending)).toBe(false)
    expect(r.service.snapshot().pending).toBeNull()
    tally.survived++
  })

  it('a page opened before sign-out cannot sign the user in after it', async () => {
    const r = await rig({ pages: true })
    const { url } = await r.service.beginBrowserSignIn()
    const page = new URL(url)
    await r.service.signOut()
    tally.tried++
    const posted = await fetch(`${page.origin}${page.pathname}challenge`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: page.origin },
      body: JSON.stringify({ state: page.searchParams.get('state'), pubkey: keypair().pubkey }),
    }).then(
      (response) => response.status,
      () => 'closed',
    )
    expect(posted).toBe('closed')
    expect(r.verified).toEqual([])
    expect(r.service.snapshot().status).toBe('signed-out')
    tally.survived++
  })
})
