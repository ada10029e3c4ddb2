/**
 * The demo's server-side watchlist (/api/users/me/watched) and the "Watched
 * address activity" notices it raises, over real HTTP and real sockets.
 */
import { generateKeyPairSync } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeBase58, publicKeyBytes, signMessage } from '../core/sign-in/ed25519'
import { AuthClient } from '../core/indexer/auth-client'
import { buildSignInMessage } from '../core/indexer/sign-in'
import { DEMO_BUSY_ADDRESSES, DEMO_WALLET } from './catalog'
import { startDemoIndexer, type DemoIndexer } from './server'
import { DAILY_IN_APP_LIMIT } from './watched-activity'
import { TestSocket, loadSample, shapeOf } from '@test/support/demo-wire'

let indexer: DemoIndexer
const DEMO_COOKIE = 'zkhelios_session=demo'
const WATCHED = DEMO_BUSY_ADDRESSES[2] as string

beforeAll(async () => {
  indexer = await startDemoIndexer({ rate: 0, auth: { enforceRateLimits: false } })
})

afterAll(async () => {
  await indexer.close()
})

async function call(method: string, path: string, cookie: string | null, body?: unknown): Promise<{ status: number; body: Record<string, unknown>; headers: Headers }> {
  const headers: Record<string, string> = {}
  if (cookie !== null) headers.cookie = cookie
  if (body !== undefined) headers['content-type'] = 'application/json'
  const response = await fetch(`${indexer.httpUrl}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) })
  return { status: response.status, headers: response.headers, body: (await response.json()) as Record<string, unknown> }
}

/** A session of a new wallet, signed in as the app does. */
async function signIn(): Promise<{ cookie: string; pubkey: string }> {
  const { privateKey } = generateKeyPairSync('ed25519')
  const pubkey = encodeBase58(publicKeyBytes(privateKey))
  const client = new AuthClient({ baseUrl: indexer.httpUrl })
  const challenge = await client.nonce(pubkey)
  const message = buildSignInMessage(challenge, pubkey, 'solana:devnet')
  const session = await client.verify({ message, signature: encodeBase58(signMessage(privateKey, message)), pubkey })
  return { cookie: `zkhelios_session=${session.cookie.value}`, pubkey }
}

describe('/api/users/me/watched', () => {
  it('needs a session: 401 without one', async () => {
    for (const [method, path] of [['GET', '/api/users/me/watched'], ['POST', '/api/users/me/watched'], ['DELETE', '/api/users/me/watched/x']] as const) {
      const answer = await call(method, path, null, method === 'POST' ? { pubkey: WATCHED } : undefined)
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ ok: false, code: 'AUTH_UNAUTHORIZED', error: 'Not authenticated' })
    }
    expect((await call('GET', '/api/users/me/watched', 'zkhelios_session=nobody')).status).toBe(401)
    // The demo's own session token (the app's demo profile) is a session of the demo wallet.
    expect((await call('GET', '/api/users/me/watched', DEMO_COOKIE)).status).toBe(200)
  })

  it('adds, lists and deletes with the reference bodies; a duplicate is 409 CONFLICT', async () => {
    const { cookie } = await signIn()
    expect(await call('GET', '/api/users/me/watched', cookie)).toMatchObject({ status: 200, body: { ok: true, watched: [] } })
    const added = await call('POST', '/api/users/me/watched', cookie, { pubkey: WATCHED, label: 'busy one' })
    expect(added.status).toBe(200)
    expect(shapeOf(added.body)).toEqual(shapeOf(loadSample('http-post-users-me-watched').body))
    expect(added.body.watched).toMatchObject({ pubkey: WATCHED, label: 'busy one' })
    expect(added.headers.get('x-ratelimit-limit')).toBe('1000')

    const again = await call('POST', '/api/users/me/watched', cookie, { pubkey: WATCHED, label: 'other' })
    expect(again.status).toBe(409)
    expect(again.body).toEqual(loadSample('http-post-users-me-watched-409').body)

    await call('POST', '/api/users/me/watched', cookie, { pubkey: DEMO_WALLET })
    const listed = await call('GET', '/api/users/me/watched', cookie)
    // The labelled entry has the sample's shape (an unlabelled one has label null).
    expect(shapeOf({ ...listed.body, watched: (listed.body.watched as unknown[]).slice(1) })).toEqual(shapeOf(loadSample('http-users-me-watched').body))
    expect((listed.body.watched as { pubkey: string; label: string | null }[]).map((entry) => [entry.pubkey, entry.label])).toEqual([
      [DEMO_WALLET, null],
      [WATCHED, 'busy one'],
    ])

    const id = (added.body.watched as { id: string }).id
    expect(await call('DELETE', `/api/users/me/watched/${id}`, cookie)).toMatchObject({ status: 200, body: { ok: true } })
    expect((await call('DELETE', `/api/users/me/watched/${id}`, cookie)).status).toBe(404)
    expect(((await call('GET', '/api/users/me/watched', cookie)).body.watched as unknown[]).length).toBe(1)
  })

  it('refuses a label over 40 characters, a bad address and a body that is not JSON, keeping nothing', async () => {
    const { cookie } = await signIn()
    expect((await call('POST', '/api/users/me/watched', cookie, { pubkey: WATCHED, label: 'x'.repeat(41) })).body).toMatchObject({ code: 'VALIDATION_FAILED' })
    expect((await call('POST', '/api/users/me/watched', cookie, { pubkey: 'not-an-address' })).status).toBe(400)
    const response = await fetch(`${indexer.httpUrl}/api/users/me/watched`, { method: 'POST', headers: { cookie }, body: '{nope' })
    expect(response.status).toBe(400)
    expect((await call('GET', '/api/users/me/watched', cookie)).body.watched).toEqual([])
    expect((await call('POST', '/api/users/me/watched', cookie, { pubkey: WATCHED, label: 'x'.repeat(40) })).status).toBe(200)
  })

  it("keeps each user's list apart", async () => {
    const first = await signIn()
    const second = await signIn()
    await call('POST', '/api/users/me/watched', first.cookie, { pubkey: WATCHED })
    expect((await call('GET', '/api/users/me/watched', second.cookie)).body.watched).toEqual([])
    expect((await call('POST', '/api/users/me/watched', second.cookie, { pubkey: WATCHED })).status).toBe(200)
  })
})

describe('Watched address activity', () => {
  it('is sent, for a verified proof only, to the users who watch its authority, and listed for them alone', async () => {
    const authority = indexer.network.authorities[10] as string
    const watcher = await signIn()
    const other = await signIn()
    await call('POST', '/api/users/me/watched', watcher.cookie, { pubkey: authority })
    const watcherSocket = await TestSocket.welcomed(indexer.wsUrl, { cookie: watcher.cookie })
    const otherSocket = await TestSocket.welcomed(indexer.wsUrl, { cookie: other.cookie })
    await watcherSocket.subscribe('user:notifications')
    await otherSocket.subscribe('user:notifications')

    indexer.network.publishTransaction({ kind: 'transfer', feePayer: authority })
    indexer.network.publishProof({ authority })
    const notice = await watcherSocket.next()
    expect(notice).toEqual({
      type: 'user:notifications',
      data: { id: expect.any(String), type: 'SYSTEM', title: 'Watched address activity', body: `${authority.slice(0, 8)}… verified a proof.` },
    })
    expect(shapeOf(notice)).toEqual(shapeOf(loadSample('ws-event-user-notifications')))
    expect(await watcherSocket.received(100)).toEqual([])
    expect(await otherSocket.received(50)).toEqual([])

    const mine = await call('GET', '/api/notifications?limit=5', watcher.cookie)
    expect((mine.body.items as Record<string, unknown>[])[0]).toMatchObject({
      id: notice.data?.id,
      type: 'SYSTEM',
      title: 'Watched address activity',
      data: { url: `${indexer.httpUrl}/explorer/address/${authority}` },
      read: false,
    })
    const theirs = await call('GET', '/api/notifications?limit=100', other.cookie)
    expect((theirs.body.items as { id: string }[]).map((item) => item.id)).not.toContain(notice.data?.id)
  })

  it('stops at 100 in-app notices per user per day', async () => {
    const authority = indexer.network.authorities[11] as string
    const watcher = await signIn()
    await call('POST', '/api/users/me/watched', watcher.cookie, { pubkey: authority })
    for (let index = 0; index < DAILY_IN_APP_LIMIT + 5; index++) indexer.network.publishProof({ authority })
    const listed = await call('GET', '/api/notifications?limit=100', watcher.cookie)
    const items = listed.body.items as { title: string }[]
    expect(items.filter((item) => item.title === 'Watched address activity')).toHaveLength(DAILY_IN_APP_LIMIT)
    // The next page holds no more of them.
    const next = await call('GET', `/api/notifications?limit=100&cursor=${String(listed.body.nextCursor)}`, watcher.cookie)
    expect((next.body.items as { title: string }[]).filter((item) => item.title === 'Watched address activity')).toEqual([])
  })
})
