import { describe, expect, it } from 'vitest'
import { rejection } from '@test/support/caught'
import { IndexerClient } from './client'
import { ConditionalCache } from './conditional-cache'
import { requestJson } from './http'
import { sendJson, serverPerTest, type TestHandler } from '@test/support/test-server'

const serve = serverPerTest()

/** Answers with an ETag and 304 when asked with it, like the demo indexer. */
function taggedServer(body: () => unknown, tag: () => string): TestHandler {
  return (request, response) => {
    if (request.headers['if-none-match'] === tag()) {
      response.writeHead(304, { etag: tag() })
      response.end()
      return
    }
    sendJson(response, 200, body(), { etag: tag() })
  }
}

describe('conditional requests', () => {
  it('asks again with If-None-Match and answers a 304 with the held body', async () => {
    let version = 1
    const s = await serve(taggedServer(() => ({ ok: true, stats: { slot: String(version) } }), () => `"v${version}"`))
    const cache = new ConditionalCache()
    const first = await requestJson(`${s.url}/api/stats/overview`, { conditional: cache })
    const second = await requestJson(`${s.url}/api/stats/overview`, { conditional: cache })
    expect(first).toMatchObject({ status: 200, notModified: false })
    expect(second).toMatchObject({ status: 304, notModified: true, body: { ok: true, stats: { slot: '1' } } })
    expect(s.requests.map((r) => r.headers['if-none-match'])).toEqual([undefined, '"v1"'])
    version = 2
    const third = await requestJson(`${s.url}/api/stats/overview`, { conditional: cache })
    expect(third).toMatchObject({ status: 200, body: { stats: { slot: '2' } } })
    expect(cache.counts).toEqual({ stored: 2, notModified: 1 })
  })

  it('uses Last-Modified when that is the validator offered', async () => {
    const stamp = 'Sat, 21 Nov 2026 20:00:00 GMT'
    const s = await serve((request, response) => {
      if (request.headers['if-modified-since'] === stamp) {
        response.writeHead(304)
        response.end()
      } else sendJson(response, 200, { ok: true, leaderboard: [] }, { 'last-modified': stamp })
    })
    const client = new IndexerClient({ baseUrl: s.url })
    expect(await client.leaderboard()).toEqual([])
    expect(await client.leaderboard()).toEqual([])
    expect(s.requests[1]?.headers['if-modified-since']).toBe(stamp)
    expect(client.conditional?.counts.notModified).toBe(1)
  })

  it('keeps answers for different credentials apart, and sends the credentials every time', async () => {
    const s = await serve(taggedServer(() => ({ ok: true, items: [], nextCursor: null, total: 0 }), () => '"same"'))
    let session = 'alice'
    const client = new IndexerClient({ baseUrl: s.url, headers: () => ({ cookie: `zkhelios_session=${session}` }) })
    await client.proofs()
    session = 'bob'
    await client.proofs()
    await client.proofs()
    expect(s.requests.map((r) => [r.headers.cookie, r.headers['if-none-match']])).toEqual([
      ['zkhelios_session=alice', undefined],
      ['zkhelios_session=bob', undefined],
      ['zkhelios_session=bob', '"same"'],
    ])
  })

  it('sends nothing conditional without validators, or when turned off', async () => {
    const s = await serve((_request, response) => sendJson(response, 200, { ok: true, stats: {} }))
    const client = new IndexerClient({ baseUrl: s.url })
    await client.overview()
    await client.overview()
    expect(client.conditional?.size).toBe(0)
    await s.close()
    const tagged = await serve(taggedServer(() => ({ ok: true, stats: {} }), () => '"t"'))
    const plain = new IndexerClient({ baseUrl: tagged.url, conditional: false })
    await plain.overview()
    await plain.overview()
    expect(tagged.requests.every((r) => r.headers['if-none-match'] === undefined)).toBe(true)
    expect(plain.conditional).toBeNull()
  })

  it('reports a 304 to a request that held nothing', async () => {
    const s = await serve((_request, response) => {
      response.writeHead(304)
      response.end()
    })
    const error = await rejection(requestJson(s.url, { conditional: new ConditionalCache() }))
    expect(error).toMatchObject({ code: 'HTTP', status: 304 })
    expect(error.message).toMatch(/304 Not Modified to a request that held nothing/)
  })

  it('keeps a bounded number of bodies, dropping the least recently used, and skips large ones', () => {
    const cache = new ConditionalCache({ maxEntries: 2, maxBodyChars: 100 })
    const tagged = new Headers({ etag: '"x"' })
    cache.store('a', tagged, 1, 10)
    cache.store('b', tagged, 2, 10)
    cache.get('a')
    cache.store('c', tagged, 3, 10)
    expect([cache.get('a')?.body, cache.get('b'), cache.get('c')?.body]).toEqual([1, undefined, 3])
    cache.store('big', tagged, 4, 101)
    expect(cache.get('big')).toBeUndefined()
    cache.store('a', new Headers(), 5, 10)
    expect(cache.get('a')).toBeUndefined()
  })
})
