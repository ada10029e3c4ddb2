import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_WALLET } from './catalog'
import { startDemoIndexer, type DemoIndexer } from './server'
import { loadSample, shapeOf } from '@test/support/demo-wire'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read field by field in assertions
type Json = Record<string, any>

let indexer: DemoIndexer

beforeAll(async () => {
  indexer = await startDemoIndexer({ rate: 0, seed: 3 })
})

afterAll(async () => {
  await indexer.close()
})

async function call(path: string, init: { method?: string; cookie?: string | null; bearer?: string } = {}): Promise<{ status: number; body: Json }> {
  const headers: Record<string, string> = {}
  const cookie = init.cookie === undefined ? `${indexer.cookieName}=${indexer.credential}` : init.cookie
  if (cookie !== null) headers.cookie = cookie
  if (init.bearer) headers.authorization = `Bearer ${init.bearer}`
  const response = await fetch(`${indexer.httpUrl}${path}`, { method: init.method ?? 'GET', headers })
  return { status: response.status, body: (await response.json()) as Json }
}

describe('demo indexer: the user notification list', () => {
  it('refuses without a session, as the reference does', async () => {
    const answer = await call('/api/notifications?limit=5', { cookie: null })
    expect(answer.status).toBe(401)
    expect(answer.body).toEqual(loadSample('http-notifications-list-no-cookie-401').body)
    expect((await call('/api/notifications/read-all', { method: 'POST', cookie: `${indexer.cookieName}=forged` })).status).toBe(401)
  })

  it('lists newest first with data.url naming each proof, pages by cursor, in the reference shape', async () => {
    const first = indexer.network.publishProof({ authority: DEMO_WALLET })
    const second = indexer.network.publishProof({ authority: DEMO_WALLET })
    const third = indexer.network.publishProof({ authority: DEMO_WALLET })
    const page = await call('/api/notifications?limit=2')
    expect(page.status).toBe(200)
    expect(shapeOf(page.body)).toEqual(shapeOf(loadSample('http-notifications-list-limit5').body))
    expect(page.body.items.map((item: Json) => item.id)).toEqual([third.notification!.id, second.notification!.id])
    expect(page.body.items[0].data.url).toBe(`${indexer.httpUrl}/explorer/proof/${third.proof.proofAccount}`)
    expect(page.body.items[0]).toMatchObject({ type: 'PROOF_VERIFIED', read: false })
    const next = await call(`/api/notifications?limit=2&cursor=${page.body.nextCursor}`)
    expect(next.body.items.map((item: Json) => item.id)[0]).toBe(first.notification!.id)
    expect((await call('/api/notifications?limit=2&cursor=bm90LWFuLWlk')).body.items).toEqual([])
  })

  it('marks one read, takes an unknown id, marks all read, and accepts the Bearer form', async () => {
    const published = indexer.network.publishNotification('SYSTEM')
    expect((await call(`/api/notifications/${published.id}/read`, { method: 'POST' })).body).toEqual(loadSample('http-notifications-read-one').body)
    expect((await call('/api/notifications/nope/read', { method: 'POST' })).body).toEqual({ ok: true })
    const listed = await call('/api/notifications?limit=100')
    expect(listed.body.items.find((item: Json) => item.id === published.id).read).toBe(true)
    expect(listed.body.items.some((item: Json) => item.read === false)).toBe(true)
    await call('/api/notifications/read-all', { method: 'POST', cookie: null, bearer: indexer.credential })
    expect((await call('/api/notifications?limit=100')).body.items.every((item: Json) => item.read)).toBe(true)
  })

  it('says what is wrong with a limit out of range and a route it does not have', async () => {
    expect((await call('/api/notifications?limit=0')).status).toBe(400)
    expect((await call('/api/notifications?limit=101')).body).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' })
    expect((await call('/api/notifications/x/unread', { method: 'POST' })).status).toBe(404)
    expect((await call('/api/notifications', { method: 'DELETE' })).status).toBe(404)
  })
})
