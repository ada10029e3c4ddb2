/** Sign-in on the demo indexer over real HTTP and a real socket, driven by the app's own sign-in client. */
import { generateKeyPairSync, type KeyObject } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { encodeBase58, privateKeyFromSeed, publicKeyBytes, signMessage } from '../core/sign-in/ed25519'
import { AuthClient } from '../core/indexer/auth-client'
import { buildSignInMessage, type SignInChain } from '../core/indexer/sign-in'
import { LOCKOUT_FAILURES } from './accounts'
import { DEMO_WALLET, demoWalletKeypair } from './catalog'
import { startDemoIndexer, type DemoIndexer } from './server'
import { TestSocket } from '@test/support/demo-wire'

let indexer: DemoIndexer
let now = Date.parse('2026-11-24T12:00:00Z')
let client: AuthClient

beforeAll(async () => {
  indexer = await startDemoIndexer({ rate: 0, statsIntervalMs: 60_000, auth: { clock: () => now, enforceRateLimits: false } })
  client = new AuthClient({ baseUrl: indexer.httpUrl, now: () => now })
})

afterAll(async () => {
  await indexer.close()
})

function wallet(): { key: KeyObject; pubkey: string } {
  const { privateKey } = generateKeyPairSync('ed25519')
  return { key: privateKey, pubkey: encodeBase58(publicKeyBytes(privateKey)) }
}

async function signedMessage(signer: { key: KeyObject; pubkey: string }, chain: SignInChain | string = 'solana:devnet') {
  const challenge = await client.nonce(signer.pubkey)
  const message = buildSignInMessage(challenge, signer.pubkey, chain as SignInChain)
  return { message, signature: encodeBase58(signMessage(signer.key, message)), pubkey: signer.pubkey }
}

async function failure(promise: Promise<unknown>): Promise<ProofWatchError> {
  try {
    await promise
  } catch (error) {
    return error as ProofWatchError
  }
  throw new Error('expected a failure')
}

describe('sign-in on the demo indexer', () => {
  it('signs in with a real Ed25519 signature and sets the session cookie', async () => {
    const signer = wallet()
    const session = await client.verify(await signedMessage(signer))
    expect(session.user.pubkey).toBe(signer.pubkey)
    expect(session.cookie.name).toBe('zkhelios_session')
    expect(session.expiresAt).toBe(now + 7 * 24 * 3600_000)
    expect(await client.me(session.cookie.value)).toMatchObject({ pubkey: signer.pubkey, role: 'USER' })
  })

  it('names its own domain and URI in the nonce answer, and the demo wallet keypair signs in', async () => {
    const seed = Uint8Array.from(demoWalletKeypair().slice(0, 32))
    const key = privateKeyFromSeed(seed)
    expect(encodeBase58(publicKeyBytes(key))).toBe(DEMO_WALLET)
    const challenge = await client.nonce(DEMO_WALLET)
    expect(challenge).toMatchObject({ domain: new URL(indexer.httpUrl).host, uri: indexer.httpUrl, version: '1' })
    const session = await client.verify(await signedMessage({ key, pubkey: DEMO_WALLET }))
    expect(session.user.pubkey).toBe(DEMO_WALLET)
  })

  it('refuses a bad signature', async () => {
    const signer = wallet()
    const input = await signedMessage(signer)
    const other = wallet()
    const error = await failure(client.verify({ ...input, signature: encodeBase58(signMessage(other.key, input.message)) }))
    expect(error).toMatchObject({ status: 401, serverCode: 'AUTH_INVALID_SIGNATURE' })
    expect((await failure(client.verify({ ...input, signature: '1'.repeat(64) }))).serverCode).toBe('AUTH_INVALID_SIGNATURE')
  })

  it('takes a nonce once', async () => {
    const input = await signedMessage(wallet())
    await client.verify(input)
    expect(await failure(client.verify(input))).toMatchObject({ status: 401, serverCode: 'AUTH_NONCE_INVALID' })
  })

  it('refuses a message more than 5 minutes old', async () => {
    const input = await signedMessage(wallet())
    now += 5 * 60_000 + 1
    expect(await failure(client.verify(input))).toMatchObject({ status: 401, serverCode: 'AUTH_MESSAGE_EXPIRED' })
  })

  it('refuses a chain it does not know, and accepts the three Solana ones', async () => {
    const signer = wallet()
    expect(await failure(client.verify(await signedMessage(signer, 'solana:testnet')))).toMatchObject({ status: 401, serverCode: 'AUTH_UNSUPPORTED_CHAIN' })
    for (const chain of ['solana:mainnet', 'solana:devnet', 'solana:localnet'] as const) await client.verify(await signedMessage(signer, chain))
  })

  it('refuses an invalid public key with 400 VALIDATION_FAILED', async () => {
    expect(await failure(client.nonce('not-a-key-not-a-key-not-a-key-xx'))).toMatchObject({ status: 400, serverCode: 'VALIDATION_FAILED' })
  })

  it('locks an address after 10 failures in an hour and says for how long', async () => {
    const signer = wallet()
    for (let attempt = 0; attempt < LOCKOUT_FAILURES; attempt++) {
      const input = await signedMessage(signer)
      expect((await failure(client.verify({ ...input, signature: '1'.repeat(64) }))).serverCode).toBe('AUTH_INVALID_SIGNATURE')
    }
    const good = await signedMessage(signer)
    const locked = await failure(client.verify(good))
    expect(locked).toMatchObject({ status: 401, serverCode: 'AUTH_ADDRESS_LOCKED', retryAfterMs: 3600_000 })
    expect(locked.message).toContain('Try again in 60 minutes.')
    // Another wallet is not affected, and the lock lifts after the hour.
    await client.verify(await signedMessage(wallet()))
    now += 3600_000
    expect((await client.verify(await signedMessage(signer))).user.pubkey).toBe(signer.pubkey)
  })

  it('refreshes a session to 7 days from now, and logs out for good', async () => {
    const session = await client.verify(await signedMessage(wallet()))
    now += 24 * 3600_000
    const refreshed = await client.refresh(session.cookie.value)
    expect(refreshed.expiresAt).toBe(now + 7 * 24 * 3600_000)
    await client.logout(session.cookie.value)
    expect(await failure(client.me(session.cookie.value))).toMatchObject({ status: 401, serverCode: 'AUTH_SESSION_EXPIRED' })
    expect(await failure(client.refresh(session.cookie.value))).toMatchObject({ serverCode: 'AUTH_SESSION_EXPIRED' })
    const anonymous = await fetch(`${indexer.httpUrl}/api/auth/me`)
    expect(await anonymous.json()).toEqual({ ok: false, code: 'AUTH_UNAUTHORIZED', error: 'Not authenticated' })
  })

  it('ends a session after 7 days', async () => {
    const session = await client.verify(await signedMessage(wallet()))
    now += 7 * 24 * 3600_000
    expect(await failure(client.me(session.cookie.value))).toMatchObject({ serverCode: 'AUTH_SESSION_EXPIRED' })
  })

  it('opens the user channels on the socket to a signed-in cookie only', async () => {
    const session = await client.verify(await signedMessage(wallet()))
    const signedIn = await TestSocket.open(indexer.wsUrl, { cookie: `zkhelios_session=${session.cookie.value}` })
    expect(await signedIn.next()).toEqual({ type: 'welcome', authenticated: true })
    expect(await signedIn.subscribe('user:notifications')).toEqual({ type: 'subscribed', channel: 'user:notifications' })
    await client.logout(session.cookie.value)
    const after = await TestSocket.open(indexer.wsUrl, { cookie: `zkhelios_session=${session.cookie.value}` })
    expect(await after.next()).toEqual({ type: 'welcome', authenticated: false })
    expect(await after.subscribe('user:notifications')).toEqual({ type: 'error', error: 'Channel not allowed: user:notifications' })
    await Promise.all([signedIn.close(), after.close()])
  })

  it('limits nonce requests to 10 a minute per client with a 429 and retry-after, as the reference', async () => {
    const limited = await startDemoIndexer({ rate: 0, statsIntervalMs: 60_000 })
    try {
      const statuses: number[] = []
      let retryAfter: string | null = null
      for (let index = 0; index < 11; index++) {
        const response = await fetch(`${limited.httpUrl}/api/auth/nonce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pubkey: DEMO_WALLET }) })
        statuses.push(response.status)
        retryAfter = response.headers.get('retry-after')
        await response.body?.cancel()
      }
      expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true)
      expect(statuses[10]).toBe(429)
      expect(Number(retryAfter)).toBeGreaterThan(0)
    } finally {
      await limited.close()
    }
  })

  it('answers malformed bodies with 400 and unknown auth routes with 404, and keeps serving', async () => {
    const bad = await fetch(`${indexer.httpUrl}/api/auth/verify`, { method: 'POST', body: '{not json' })
    expect(bad.status).toBe(400)
    expect((await fetch(`${indexer.httpUrl}/api/auth/whoami`)).status).toBe(404)
    expect((await fetch(`${indexer.httpUrl}/api/stats/overview`)).status).toBe(200)
  })
})
