import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Proof } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { IndexerClient, indexerKey, type IndexerClientOptions } from './client'
import { createParameterMemory } from './negotiation'
import { walkPages } from './paging'
import { closedPort, sendJson, sendText, serverPerTest, type TestHandler } from '@test/support/test-server'
import { rejection } from '@test/support/caught'

const ACCOUNT = '7SMNejr6dAYhXGkW9ZsMD4XAD3ZetxsCT7wWUqyYJCWR'
const SIGNATURE = '4npGHnNW4DMeQ6YUDaaddFxXcVq8W64D3qbboMkKTY4yJuTM1QhTT55FT6UTcKn7xK6G4cPn5GaR81X7ow1jPUhX'
const PUBKEY = '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr'
const METRIC_REJECTION = "metric: Invalid enum value. Expected 'tps' | 'proofs24h' | 'activeUsers24h', received 'proofs'"

function sampleBody(name: string): unknown {
  return (JSON.parse(readFileSync(join(__dirname, '../../../../test/fixtures/wire-samples', name), 'utf8')) as { body: unknown }).body
}

/** Answers like the reference deployment, with bodies recorded from it. */
const referenceIndexer: TestHandler = (req, res) => {
  const url = new URL(req.url ?? '/', 'http://stub.invalid')
  const path = url.pathname.replace(/^\/indexer/, '')
  if (path === '/api/stats/overview') return sendJson(res, 200, sampleBody('http-stats-overview.json'))
  if (path === '/api/stats/timeseries') {
    if (url.searchParams.get('metric') === 'proofs') {
      return sendJson(res, 400, { ok: false, code: 'VALIDATION_FAILED', error: METRIC_REJECTION })
    }
    return sendJson(res, 200, sampleBody('http-stats-timeseries-tps-30d.json'))
  }
  if (path === '/api/stats/leaderboard') return sendJson(res, 200, sampleBody('http-stats-leaderboard-limit-3.json'))
  if (path === '/api/proofs' || path.startsWith('/api/proofs/by-circuit/')) {
    return sendJson(res, 200, sampleBody('http-proofs-list-limit5.json'))
  }
  if (path.startsWith('/api/proofs/')) return sendJson(res, 200, sampleBody('http-proofs-detail.json'))
  if (path === '/api/transactions') return sendJson(res, 200, sampleBody('http-transactions-list-limit5.json'))
  if (path.startsWith('/api/transactions/')) return sendJson(res, 200, sampleBody('http-transactions-detail.json'))
  sendJson(res, 404, sampleBody('http-unknown-route-404.json'))
}

const serve = serverPerTest()

function client(baseUrl: string, options: Partial<IndexerClientOptions> = {}): { client: IndexerClient; delays: number[] } {
  const delays: number[] = []
  const created = new IndexerClient({
    baseUrl,
    sleep: async (ms) => {
      delays.push(ms)
    },
    random: () => 0.5,
    ...options,
  })
  return { client: created, delays }
}

describe('IndexerClient requests', () => {
  it('sends every endpoint and parameter encoded, and decodes the answers', async () => {
    const s = await serve(referenceIndexer)
    const { client: c } = client(s.url)

    expect((await c.overview()).slot).toBe('356509821')
    const series = await c.series({ metric: 'tps', period: '30d' })
    expect(series).toMatchObject({ metric: 'tps', serverMetric: 'tps', period: '30d' })
    expect((await c.leaderboard()).map((entry) => entry.rank)).toEqual([1, 2, 3])
    await c.leaderboard({ period: '7d', limit: 3 })
    const proofs = await c.proofs({ authority: PUBKEY, type: 'balance', cursor: 'a+b/c=', limit: 5 })
    expect(proofs.total).toBe('300')
    expect((await c.proof(ACCOUNT)).slotVerified).toBe('356507327')
    await c.proofsByCircuit('zk age/v2?#%', { cursor: 'Q1', limit: 2 })
    await c.proofs()
    const txs = await c.transactions({
      pubkey: PUBKEY,
      type: 'transfer',
      status: 'failed',
      fromDate: '2026-11-01',
      toDate: '2026-11-21T00:00:00+01:00',
      cursor: 'next',
      limit: 10,
    })
    expect(txs.items).toHaveLength(5)
    expect((await c.transaction(SIGNATURE)).logs).toHaveLength(6)

    expect(s.requests.map((request) => request.url)).toEqual([
      '/api/stats/overview',
      '/api/stats/timeseries?metric=tps&period=30d',
      '/api/stats/leaderboard?period=24h',
      '/api/stats/leaderboard?period=7d&limit=3',
      `/api/proofs?authority=${PUBKEY}&type=BALANCE&cursor=a%2Bb%2Fc%3D&limit=5`,
      `/api/proofs/${ACCOUNT}`,
      '/api/proofs/by-circuit/zk%20age%2Fv2%3F%23%25?cursor=Q1&limit=2',
      '/api/proofs',
      `/api/transactions?pubkey=${PUBKEY}&type=transfer&status=FAILED&fromDate=2026-11-01&toDate=2026-11-21T00%3A00%3A00%2B01%3A00&cursor=next&limit=10`,
      `/api/transactions/${SIGNATURE}`,
    ])
    expect(s.requests.every((request) => request.method === 'GET')).toBe(true)
  })

  it('keeps a path prefix of the base URL and sends the extra headers', async () => {
    const s = await serve(referenceIndexer)
    const { client: c } = client(`${s.url}/indexer/`, { headers: () => ({ cookie: 'zkhelios_session=t0k3n' }) })
    expect(c.baseUrl).toBe(`${s.url}/indexer`)
    await c.proof(ACCOUNT)
    expect(s.requests[0]?.url).toBe(`/indexer/api/proofs/${ACCOUNT}`)
    expect(s.requests[0]?.headers.cookie).toBe('zkhelios_session=t0k3n')
  })

  it('checks arguments before sending anything', async () => {
    const s = await serve(referenceIndexer)
    const { client: c } = client(s.url)
    const cases: Array<[Promise<unknown>, string]> = [
      [c.proof('abc'), '32–44'],
      [c.proof('0OIl' + ACCOUNT.slice(4)), 'base58'],
      [c.transaction('short'), '32–120'],
      [c.transaction(SIGNATURE + '!'), 'base58'],
      [c.proofs({ limit: 0 }), '1 to 200'],
      [c.proofs({ limit: 201 }), '1 to 200'],
      [c.proofs({ authority: 'not-a-key' }), 'authority'],
      [c.transactions({ limit: 2.5 }), 'whole number'],
      [c.transactions({ fromDate: 'last tuesday' }), 'ISO date'],
      [c.leaderboard({ limit: 101 }), '1 to 100'],
      [c.series({ metric: 'tps', period: '1h' as never }), '24h, 7d, 30d'],
      [c.series({ metric: '', period: '24h' }), 'metric'],
      [c.proofsByCircuit('', {}), 'circuit id'],
      [c.proof(undefined as never), 'text'],
    ]
    for (const [call, words] of cases) {
      const error = await rejection(call)
      expect(error.code).toBe('INVALID_ARGUMENT')
      expect(error.message).toContain(words)
    }
    expect(s.requests).toHaveLength(0)
  })

  it('refuses a base URL that is not http(s)', () => {
    expect(() => new IndexerClient({ baseUrl: 'ftp://127.0.0.1' })).toThrow(ProofWatchError)
    expect(indexerKey('http://127.0.0.1:9/')).toBe('http://127.0.0.1:9')
  })
})

describe('IndexerClient failures', () => {
  it('retries 500, 503 and 429 honouring Retry-After', async () => {
    const s = await serve((req, res, index) => {
      if (index === 0) sendJson(res, 500, { ok: false, code: 'INTERNAL', error: 'boom' })
      else if (index === 1) sendJson(res, 503, {}, { 'retry-after': '3' })
      else if (index === 2) sendJson(res, 429, { ok: false, code: 'RATE_LIMITED', error: 'slow' }, { 'retry-after': '1' })
      else referenceIndexer(req, res, index)
    })
    const { client: c, delays } = client(s.url)
    expect((await c.overview()).totalProofs).toBe('300')
    expect(delays).toEqual([250, 3000, 1000])
    expect(s.requests).toHaveLength(4)
  })

  it('does not retry 400 or 404 and shows the server code and message', async () => {
    const s = await serve((req, res) => {
      if (req.url?.startsWith('/api/proofs/')) sendJson(res, 404, sampleBody('http-proofs-detail-unknown-404.json'))
      else sendJson(res, 400, sampleBody('http-proofs-list-limit-201-400.json'))
    })
    const { client: c, delays } = client(s.url)
    expect(await rejection(c.proof('11111111111111111111111111111111111'))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      serverCode: 'NOT_FOUND',
      message: 'Proof not found',
    })
    expect(await rejection(c.proofs({ limit: 200 }))).toMatchObject({
      code: 'HTTP',
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: 'limit: Number must be less than or equal to 200',
    })
    expect(s.requests).toHaveLength(2)
    expect(delays).toEqual([])
  })

  it('asks a public profile once, never retried: a display name is a nicety, read again another time', async () => {
    const s = await serve((_req, res) => sendJson(res, 429, { ok: false, code: 'RATE_LIMITED', error: 'slow' }, { 'retry-after': '1' }))
    const { client: c, delays } = client(s.url)
    expect(await rejection(c.publicProfile(PUBKEY))).toMatchObject({ status: 429 })
    expect(s.requests).toHaveLength(1)
    expect(delays).toEqual([])
  })

  it('reports text error bodies', async () => {
    const s = await serve((_req, res) => sendText(res, 500, 'Internal Server Error: pool exhausted'))
    const { client: c } = client(s.url, { retries: 1 })
    expect(await rejection(c.transactions())).toMatchObject({
      code: 'HTTP',
      status: 500,
      message: 'Internal Server Error: pool exhausted',
      retryable: true,
    })
    expect(s.requests).toHaveLength(2)
  })

  it('times out a server that never answers', async () => {
    const s = await serve(() => undefined)
    const { client: c } = client(s.url, { timeoutMs: 80, retries: 0 })
    expect(await rejection(c.overview())).toMatchObject({ code: 'TIMEOUT', retryable: true })
  })

  it('reports a closed port as UNREACHABLE', async () => {
    const { client: c, delays } = client(`http://127.0.0.1:${await closedPort()}`, { retries: 1 })
    expect(await rejection(c.overview())).toMatchObject({ code: 'UNREACHABLE', retryable: true })
    expect(delays).toHaveLength(1)
  })

  it('reports an undecodable record as DECODE with what arrived', async () => {
    const s = await serve((_req, res) => sendJson(res, 200, { ok: true, proof: { signature: SIGNATURE } }))
    const { client: c } = client(s.url)
    const error = await rejection(c.proof(ACCOUNT))
    expect(error.code).toBe('DECODE')
    expect(error.message).toContain('proofAccount')
    expect(error.received).toContain(SIGNATURE)
  })
})

describe('IndexerClient negotiation', () => {
  it('turns metric=proofs into proofs24h once, then asks for proofs24h directly', async () => {
    const s = await serve(referenceIndexer)
    const memory = createParameterMemory()
    const { client: c } = client(s.url, { memory })
    const first = await c.series({ metric: 'proofs', period: '24h' })
    expect(first).toMatchObject({ metric: 'proofs', period: '24h' })
    expect(first.points.length).toBeGreaterThan(0)
    await c.series({ metric: 'proofs', period: '7d' })
    const { client: again } = client(`${s.url}/`, { memory })
    const third = await again.series({ metric: 'proofs', period: '30d' })
    expect(third.metric).toBe('proofs')
    expect(s.requests.map((request) => request.url)).toEqual([
      '/api/stats/timeseries?metric=proofs&period=24h',
      '/api/stats/timeseries?metric=proofs24h&period=24h',
      '/api/stats/timeseries?metric=proofs24h&period=7d',
      '/api/stats/timeseries?metric=proofs24h&period=30d',
    ])
    expect(memory.get(c.baseUrl, 'metric', 'proofs')).toBe('proofs24h')
  })

  it('reports the server metric it was given when the body does not echo one', async () => {
    const s = await serve((req, res) => {
      const metric = new URL(req.url ?? '/', 'http://stub.invalid').searchParams.get('metric')
      if (metric === 'proofs') sendJson(res, 400, { ok: false, code: 'VALIDATION_FAILED', error: METRIC_REJECTION })
      else sendJson(res, 200, [{ t: 1795210456461, value: 3 }])
    })
    const { client: c } = client(s.url)
    expect(await c.series({ metric: 'proofs', period: '24h' })).toEqual({
      metric: 'proofs',
      serverMetric: 'proofs24h',
      period: '24h',
      points: [{ t: 1795210456461, value: 3 }],
    })
  })

  it('switches enum filters to lower case when the server lists lower-case values', async () => {
    const s = await serve((req, res) => {
      const type = new URL(req.url ?? '/', 'http://stub.invalid').searchParams.get('type') ?? ''
      if (type !== type.toLowerCase()) {
        return sendJson(res, 400, {
          ok: false,
          code: 'VALIDATION_FAILED',
          error: `type: Invalid enum value. Expected 'balance' | 'ownership' | 'age', received '${type}'`,
        })
      }
      sendJson(res, 200, sampleBody('http-proofs-list-type-BALANCE.json'))
    })
    const { client: c } = client(s.url)
    await c.proofs({ type: 'BALANCE' })
    await c.proofs({ type: 'Ownership' })
    expect(s.requests.map((request) => request.url)).toEqual([
      '/api/proofs?type=BALANCE',
      '/api/proofs?type=balance',
      '/api/proofs?type=ownership',
    ])
  })

  it('passes a 400 without a usable list through', async () => {
    const s = await serve((_req, res) => sendJson(res, 400, sampleBody('http-stats-timeseries-period-1h-400.json')))
    const { client: c } = client(s.url)
    expect(await rejection(c.series({ metric: 'latency', period: '24h' }))).toMatchObject({ code: 'HTTP', status: 400 })
    expect(s.requests).toHaveLength(1)
  })
})

describe('walking pages from the client', () => {
  it('ends on the empty page a garbage cursor gets', async () => {
    const s = await serve((req, res) => {
      const cursor = new URL(req.url ?? '/', 'http://stub.invalid').searchParams.get('cursor')
      if (cursor === null) sendJson(res, 200, { ...(sampleBody('http-proofs-list-limit5.json') as object), nextCursor: 'garbage!!' })
      else sendJson(res, 200, sampleBody('http-proofs-list-garbage-cursor.json'))
    })
    const { client: c } = client(s.url)
    const walker = walkPages((cursor) => c.proofs({ cursor, limit: 5 }), { maxPages: 10 })
    const seen: Proof[] = []
    let next = await walker.next()
    while (!next.done) {
      seen.push(next.value)
      next = await walker.next()
    }
    expect(next.value).toBe('empty-page')
    expect(seen).toHaveLength(5)
    expect(s.requests.map((request) => request.url)).toEqual(['/api/proofs?limit=5', '/api/proofs?cursor=garbage!!&limit=5'])
  })

  it('ends when the server repeats a cursor', async () => {
    const s = await serve((_req, res) => sendJson(res, 200, sampleBody('http-transactions-list-limit5.json')))
    const { client: c } = client(s.url)
    const walker = walkPages((cursor) => c.transactions({ cursor, limit: 5 }), { maxPages: 50 })
    let count = 0
    let next = await walker.next()
    while (!next.done) {
      count++
      next = await walker.next()
    }
    expect(next.value).toBe('repeated-cursor')
    expect(count).toBe(10)
    expect(s.requests).toHaveLength(2)
  })
})

describe('IndexerClient: a list answer past the limit asked', () => {
  const notification = (i: number) => ({ id: `n${i}`, type: 'SYSTEM', title: `Notice ${i}`, body: 'x', read: false })
  const proofItem = (i: number) => ({ proofAccount: `P${String(i).padStart(43, '0')}`, slot: String(i), accounts: Array.from({ length: 30 }, (_, a) => `a${a}`) })

  for (const [size, count] of [['small', 150], ['large (cut as text before parsing)', 30_000]] as const) {
    it(`trims a ${size} notification page to the limit and reports how many came`, async () => {
      const s = await serve((_req, res) => sendJson(res, 200, { ok: true, items: Array.from({ length: count }, (_, i) => notification(i)), nextCursor: 'c2' }))
      const trims: unknown[] = []
      const { client: c } = client(s.url, { onTrimmed: (trim) => trims.push(trim) })
      const page = await c.notifications({ limit: 100 })
      expect(page.items.map((item) => item.id)).toEqual(Array.from({ length: 100 }, (_, i) => `n${i}`))
      expect(page.nextCursor).toBe('c2')
      expect(trims).toEqual([{ list: 'notifications', answered: count, asked: 100 }])
    })
  }

  it('trims proof and transaction pages, keeping each record\'s own arrays whole', async () => {
    const s = await serve((req, res) =>
      sendJson(res, 200, req.url?.startsWith('/api/proofs') ? { ok: true, items: Array.from({ length: 20_000 }, (_, i) => proofItem(i)) } : { ok: true, items: Array.from({ length: 500 }, (_, i) => ({ signature: `S${i}`, slot: String(i) })) }),
    )
    const trims: unknown[] = []
    const { client: c } = client(s.url, { onTrimmed: (trim) => trims.push(trim) })
    const proofs = await c.proofs({ limit: 20 })
    expect(proofs.items).toHaveLength(20)
    expect(proofs.items[0]!.raw).toMatchObject({ accounts: expect.arrayContaining(['a29']) })
    expect((await c.transactions({})).items).toHaveLength(200)
    expect(trims).toEqual([
      { list: 'proofs', answered: 20_000, asked: 20 },
      { list: 'transactions', answered: 500, asked: 200 },
    ])
  })

  it('leaves a page within the limit alone and says nothing', async () => {
    const s = await serve((_req, res) => sendJson(res, 200, { ok: true, items: Array.from({ length: 100 }, (_, i) => notification(i)), nextCursor: null }))
    const trims: unknown[] = []
    const { client: c } = client(s.url, { onTrimmed: (trim) => trims.push(trim) })
    expect((await c.notifications({ limit: 100 })).items).toHaveLength(100)
    expect(trims).toEqual([])
  })
})

describe('IndexerClient: a page naming one id more than once', () => {
  it('keeps one notification per id (the first) and reports the repeat', async () => {
    const s = await serve((_req, res) => sendJson(res, 200, { ok: true, items: [{ id: 'n1', title: 'first' }, { id: 'n2', title: 'x' }, { id: 'n1', title: 'again' }], nextCursor: null }))
    const repeats: unknown[] = []
    const { client: c } = client(s.url, { onDuplicates: (duplicates) => repeats.push(duplicates) })
    expect((await c.notifications({ limit: 10 })).items.map((n) => `${n.id}:${n.title}`)).toEqual(['n1:first', 'n2:x'])
    expect(repeats).toEqual([{ list: 'notifications', ids: ['n1'], dropped: 1 }])
  })
})
