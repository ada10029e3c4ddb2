/**
 * Sign-in through the monitor against the demo indexer, over real HTTP and
 * WebSocket: keypair files, the browser page main serves on 127.0.0.1, a
 * session the indexer ends in the middle of a live stream, and sign-out.
 */
import { generateKeyPairSync } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { request } from 'node:http'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AppNotification } from '@shared/domain'
import type { AuthState } from '@shared/auth'
import { DEMO_WALLET, demoWalletKeypair } from '../src/main/demo/catalog'
import type { Monitor } from '../src/main/core/monitor/monitor'
import { memorySecretStorage, type SecretStorage } from '../src/main/core/config/secrets'
import { applySettingsPatch, DEFAULT_SETTINGS, memorySettingsStorage } from '../src/main/core/config/settings'
import { encodeBase58, publicKeyBytes, signMessage } from '../src/main/core/sign-in/ed25519'
import { DEMO_KEYPAIR_FILE } from '../src/main/core/sign-in/demo-keypair'
import { waitFor } from './support/wait-for'
import { FAST_MONITOR, heard, startedPerTest } from './support/monitor-on-indexer'
import { builtInDemo } from '../src/main/demo/built-in-demo'
import { tempFolder } from './support/temp-folder'

const started = startedPerTest()

/** A page root with a stand-in for the built sign-in page (the real one is built by electron-vite). */
function pageRoot(): string {
  const root = tempFolder('proofwatch-sign-in-page-')
  mkdirSync(join(root, 'assets'))
  writeFileSync(join(root, 'sign-in.html'), '<!doctype html><script type="module" src="./assets/sign-in-test.js"></script>')
  writeFileSync(join(root, 'assets', 'sign-in-test.js'), 'console.log("page")')
  writeFileSync(join(root, 'assets', 'other.js'), 'console.log("not referenced")')
  return root
}

async function start(options: { wallet?: string | null; secrets?: SecretStorage; dataDir?: string } = {}) {
  // No built-in demo credential: user channels need a sign-in, as on the reference deployment.
  const demo = await started.demo({ credential: '', statsIntervalMs: 60_000 })
  const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Demo', httpUrl: demo.httpUrl, wallet: options.wallet ?? null } }, () => 'p').settings
  const dataDir = options.dataDir ?? tempFolder('proofwatch-sign-in-')
  const secrets = options.secrets ?? memorySecretStorage()
  const monitor = started.monitor(
    { settings: memorySettingsStorage(settings), secrets, signInPageRoot: pageRoot(), demoKeypairPath: join(dataDir, DEMO_KEYPAIR_FILE) },
    FAST_MONITOR,
  )
  const events = heard(monitor)
  await monitor.start()
  return { monitor, demo, events, secrets, dataDir }
}

function keypairFile(dir: string, numbers: unknown): string {
  const file = join(dir, `key-${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(file, typeof numbers === 'string' ? numbers : JSON.stringify(numbers))
  return file
}

function demoKeypair(dir: string): string {
  // The demo wallet's keypair, as the app writes it to the data folder when it starts the demo.
  return keypairFile(dir, demoWalletKeypair())
}

/** Keypair sign-in as a person does it: the message is shown first, then confirmed. */
async function signInConfirmed(m: Monitor, file: string): Promise<AuthState> {
  const shown = await m.signInWithKeypair(file)
  expect(shown.status).not.toBe('signed-in')
  expect(shown.confirmation?.message).toContain(' wants you to sign in with your Solana account:')
  return m.confirmSignIn(shown.confirmation!.id, true)
}

const userChannelsLive = (m: Monitor) => async () => (await m.getConnection()).userChannels === 'ok'

describe('sign-in with a keypair file', () => {
  it('signs in with the demo wallet keypair, keeps only the session, and the user channels go live', async () => {
    const { monitor, demo, events, secrets, dataDir } = await start()
    const file = demoKeypair(dataDir)
    expect((await monitor.getConnection()).userChannels).toBe('not-configured')
    const state = await signInConfirmed(monitor, file)
    expect(state).toMatchObject({ status: 'signed-in', user: { pubkey: DEMO_WALLET }, available: 'yes' })
    expect(state.expiresAt).toBeGreaterThan(Date.now() + 6 * 24 * 3600_000)
    await waitFor(userChannelsLive(monitor))
    // The profile follows the signed-in wallet; the renderer never gets the cookie.
    expect((await monitor.getSettings()).profiles.find((p) => p.id === 'p')?.wallet).toBe(DEMO_WALLET)
    expect(JSON.stringify(events.of('auth'))).not.toContain('zkhelios_session')
    // Only the session is kept: nothing of the key.
    const stored = secrets.get(`sign-in:${demo.httpUrl}`) as string
    const seed = (JSON.parse(readFileSync(file, 'utf8')) as number[]).slice(0, 32)
    expect(stored).toContain('"cookieValue"')
    // The session cookie is among the secrets redacted from logs and from what pages are shown.
    const cookie = (JSON.parse(stored) as { cookieValue: string }).cookieValue
    expect(monitor.knownSecrets.secrets()).toContain(cookie)
    expect(monitor.knownSecrets.redactText(`echoed ${cookie}`)).toBe('echoed [redacted]')
    expect(stored).not.toContain(Buffer.from(seed).toString('hex'))
    expect(stored).not.toContain(seed.join(','))
    expect(stored).not.toContain(encodeBase58(Uint8Array.from(seed)))
    // The user's proofs now arrive live. What the first sync of user:proofs finds is history, not news: wait until it is held.
    await waitFor(async () => (await monitor.listProofs({ authority: DEMO_WALLET, limit: 1 }, { source: 'cache' })).items.length > 0)
    const published = demo.network.publishProof({ authority: DEMO_WALLET })
    await waitFor(() => events.of('userProofs').flat().some((p) => p.proofAccount === published.proof.proofAccount))
  })

  it('writes the demo wallet keypair to the data folder once', async () => {
    const dataDir = tempFolder('proofwatch-demo-keypair-')
    const settings = memorySettingsStorage(DEFAULT_SETTINGS)
    const monitor = started.monitor({ settings, demoKeypairPath: join(dataDir, DEMO_KEYPAIR_FILE), demo: builtInDemo() }, FAST_MONITOR)
    await monitor.start()
    const written = JSON.parse(readFileSync(join(dataDir, DEMO_KEYPAIR_FILE), 'utf8')) as number[]
    expect(written).toHaveLength(64)
    expect(written).toEqual(demoWalletKeypair())
  })

  it('says clearly what is wrong with a file, and keeps nothing', async () => {
    const { monitor, demo, secrets, dataDir } = await start({ wallet: DEMO_WALLET })
    const other = generateKeyPairSync('ed25519').privateKey
    const otherSeed = other.export({ format: 'jwk' }).d as string
    const otherBytes = [...Buffer.from(otherSeed, 'base64url'), ...publicKeyBytes(other)]
    const cases: Array<[string, RegExp]> = [
      [keypairFile(dataDir, [1, 2, 3]), /holds 3 numbers; a Solana keypair holds 64/],
      [keypairFile(dataDir, 'not json at all'), /is not JSON: a Solana keypair file is a JSON array of 64 numbers/],
      [keypairFile(dataDir, { secret: 1 }), /should be a JSON array of 64 numbers/],
      [keypairFile(dataDir, Array.from({ length: 64 }, () => 300)), /every number must be a byte/],
      [keypairFile(dataDir, [...otherBytes.slice(0, 32), ...new Array(32).fill(7)]), /its public key does not belong to its secret key/],
      [keypairFile(dataDir, otherBytes), new RegExp(`This keypair is for ${encodeBase58(publicKeyBytes(other))}, but the profile's wallet is ${DEMO_WALLET}`)],
      [join(dataDir, 'missing.json'), /Cannot read the keypair file .*: no such file/],
    ]
    for (const [file, message] of cases) {
      await expect(monitor.signInWithKeypair(file)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(message) })
    }
    expect(secrets.get(`sign-in:${demo.httpUrl}`)).toBeNull()
    expect((await monitor.getAuth()).status).toBe('signed-out')
  })
})

describe('sign-in through the one-time browser page', () => {
  async function pageFlow(url: string) {
    const page = new URL(url)
    const base = `${page.origin}${page.pathname}`
    const state = page.searchParams.get('state') as string
    const post = (path: string, body: unknown, origin: string = page.origin) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(body) })
    return { base, state, post }
  }

  it('serves the page once, refuses foreign origins, wrong state and another key, then signs in', async () => {
    const { monitor, demo, events } = await start()
    const walletPage = await monitor.signInWithWallet()
    expect(walletPage.opened).toBe(false)
    expect(walletPage.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/[A-Za-z0-9_-]{43}\/\?state=[A-Za-z0-9_-]{43}$/)
    expect((await monitor.getAuth()).pending?.url).toBe(walletPage.url)
    const { base, state, post } = await pageFlow(walletPage.url)

    const html = await fetch(walletPage.url)
    expect(html.status).toBe(200)
    expect(html.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(html.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect((await fetch(`${base}assets/sign-in-test.js`)).status).toBe(200)
    expect((await fetch(`${base}assets/other.js`)).status).toBe(404)
    expect((await fetch(`${base}?state=wrong`)).status).toBe(403)
    // A page of another site whose name resolves to 127.0.0.1 names its own host: refused.
    const rebound = await new Promise<number>((resolve, reject) => {
      const target = new URL(walletPage.url)
      request({ host: '127.0.0.1', port: target.port, path: `${target.pathname}${target.search}`, headers: { host: `evil.example:${target.port}` } }, (response) => {
        response.resume()
        resolve(response.statusCode ?? 0)
      })
        .on('error', reject)
        .end()
    })
    expect(rebound).toBe(421)
    expect((await fetch(`${new URL(walletPage.url).origin}/elsewhere/?state=${state}`)).status).toBe(404)

    const signer = generateKeyPairSync('ed25519')
    const pubkey = encodeBase58(publicKeyBytes(signer.privateKey))
    expect((await post('challenge', { state, pubkey }, 'https://evil.example')).status).toBe(403)
    expect((await post('challenge', { state: 'x'.repeat(43), pubkey })).status).toBe(403)
    const challenge = await post('challenge', { state, pubkey })
    expect(challenge.status).toBe(200)
    const { message } = (await challenge.json()) as { message: string }
    expect(message.split('\n')[1]).toBe(pubkey)
    expect(message).toContain(`URI: ${demo.httpUrl}`)

    // A signature by another key than the one the message names is refused, and nothing reaches the indexer.
    const other = generateKeyPairSync('ed25519').privateKey
    const wrong = await post('complete', { state, pubkey, signature: Buffer.from(signMessage(other, message)).toString('base64') })
    expect(wrong.status).toBe(400)
    expect(((await wrong.json()) as { error: string }).error).toContain(`is not ${pubkey}'s signature`)

    // Connect again, sign right.
    const again = (await (await post('challenge', { state, pubkey })).json()) as { message: string }
    const done = await post('complete', { state, pubkey, signature: Buffer.from(signMessage(signer.privateKey, again.message)).toString('base64') })
    expect(done.status).toBe(200)
    const answer = await done.text()
    expect(answer).not.toContain('zkhelios_session')
    expect(JSON.parse(answer)).toMatchObject({ ok: true, user: { pubkey } })
    await waitFor(userChannelsLive(monitor))
    expect((await monitor.getAuth())).toMatchObject({ status: 'signed-in', user: { pubkey }, pending: null })
    expect(events.of('auth').at(-1)).toMatchObject({ status: 'signed-in' })
  })

  it('refuses a replayed or expired state', async () => {
    const { monitor: first0, demo } = await start()
    const signer = generateKeyPairSync('ed25519')
    const pubkey = encodeBase58(publicKeyBytes(signer.privateKey))
    const first = await pageFlow((await first0.signInWithWallet()).url)
    const { message } = (await (await first.post('challenge', { state: first.state, pubkey })).json()) as { message: string }
    const signature = Buffer.from(signMessage(signer.privateKey, message)).toString('base64')
    expect((await first.post('complete', { state: first.state, pubkey, signature })).status).toBe(200)
    // Replayed: the page is gone with its state (the server closes after a sign-in).
    const replay = await first.post('complete', { state: first.state, pubkey, signature }).then((r) => r.status, () => 'closed')
    expect([410, 'closed']).toContain(replay)
    await first0.stop()

    // Expired: a page whose 5 minutes have passed.
    let now = Date.now()
    const expiring = started.monitor(
      { settings: memorySettingsStorage(applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Demo', httpUrl: demo.httpUrl } }, () => 'p').settings), signInPageRoot: pageRoot() },
      { ...FAST_MONITOR, signIn: { now: () => now } },
    )
    await expiring.start()
    const late = await pageFlow((await expiring.signInWithWallet()).url)
    now += 5 * 60_000
    const refused = await fetch(`${late.base}?state=${late.state}`)
    expect(refused.status).toBe(410)
    expect(await refused.text()).toContain('expired')
    expect((await late.post('challenge', { state: late.state, pubkey })).status).toBe(410)
  })
})

describe('the session over its life', () => {
  it('says "Signed out: sign in again" once when the indexer ends the session mid-stream, and recovers after a new sign-in', async () => {
    const { monitor, demo, events, dataDir } = await start()
    const file = demoKeypair(dataDir)
    await signInConfirmed(monitor, file)
    await waitFor(userChannelsLive(monitor))

    expect(demo.accounts.endAllSessions()).toBe(1)
    // The socket drops (several times): the user channels are refused at each reconnect.
    for (let drop = 0; drop < 3; drop++) {
      const before = (await monitor.getConnection()).socket.reconnects
      demo.dropAllConnections()
      await waitFor(async () => {
        const state = await monitor.getConnection()
        return state.socket.reconnects > before && state.socket.state === 'live' && state.userChannels === 'sign-in-needed'
      })
    }
    await waitFor(() => events.of('auth').some((s: AuthState) => s.status === 'expired'))
    await waitFor(async () => (await monitor.getConnection()).userChannels !== 'ok')
    const signedOut = () => events.of('notifications').flat().filter((n: AppNotification) => n.title === 'Signed out: sign in again')
    await waitFor(() => signedOut().length === 1)
    expect((await monitor.getAuth()).status).toBe('expired')
    expect((await monitor.listNotifications({ limit: 10 })).items.some((n) => n.title === 'Signed out: sign in again')).toBe(true)
    // Said by the sign-in state, not again as a problem per refused user channel.
    expect(events.of('problem').filter((p) => p.message.includes('user:'))).toEqual([])

    await signInConfirmed(monitor, file)
    await waitFor(userChannelsLive(monitor))
    expect((await monitor.getAuth()).status).toBe('signed-in')
    expect(signedOut()).toHaveLength(1)
  })

  it('checks a kept session at start and signs out for good', async () => {
    const secrets = memorySecretStorage()
    const first = await start({ secrets })
    const demo = first.demo
    await signInConfirmed(first.monitor, demoKeypair(first.dataDir))
    const cookie = (JSON.parse(secrets.get(`sign-in:${demo.httpUrl}`) as string) as { cookieValue: string }).cookieValue
    await first.monitor.stop()

    // A new start with the same secrets: the session is taken up and checked with /api/auth/me.
    const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Demo', httpUrl: demo.httpUrl } }, () => 'p').settings
    const monitor = started.monitor({ settings: memorySettingsStorage(settings), secrets }, FAST_MONITOR)
    await monitor.start()
    await waitFor(userChannelsLive(monitor))
    expect(await monitor.getAuth()).toMatchObject({ status: 'signed-in', user: { pubkey: DEMO_WALLET } })

    const out = await monitor.signOut()
    expect(out).toMatchObject({ status: 'signed-out', user: null })
    expect(secrets.get(`sign-in:${demo.httpUrl}`)).toBeNull()
    const me = await fetch(`${demo.httpUrl}/api/auth/me`, { headers: { cookie: `zkhelios_session=${cookie}` } })
    expect(((await me.json()) as { code: string }).code).toBe('AUTH_SESSION_EXPIRED')
    await waitFor(async () => (await monitor.getConnection()).userChannels === 'not-configured')
  })

  it('says why an indexer without sign-in keeps the pasted credential', async () => {
    const demo = await started.demo({ statsIntervalMs: 60_000 })
    const noSignIn = await import('./support/test-server')
    const server = started.closeAfterCores(await noSignIn.startTestServer((_request, response) => noSignIn.sendJson(response, 404, { ok: false, code: 'NOT_FOUND', error: 'Route not found' })))
    const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Old', httpUrl: server.url, wsUrl: demo.wsUrl, credential: 'cookie:zkhelios_session=demo' } }, () => 'p')
    const monitor = started.monitor({ settings: memorySettingsStorage(settings.settings), secrets: memorySecretStorage(Object.fromEntries([...settings.credentials].filter((entry): entry is [string, string] => entry[1] !== null))) }, FAST_MONITOR)
    await monitor.start()
    const state = await monitor.getAuth()
    expect(state).toMatchObject({ available: 'no', pastedCredential: true })
    expect(state.availabilityNote).toBe('This indexer has no sign-in (it answered 404 to POST /api/auth/nonce): the pasted credential stays in use.')
  })
})
