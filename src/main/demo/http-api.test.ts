import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_BUSY_ADDRESSES, DEMO_WALLET } from './catalog'
import { startDemoIndexer, type DemoIndexer } from './server'
import { getJson, loadSample, shapeOf, type HttpResult } from '@test/support/demo-wire'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are read field by field in assertions
type Json = Record<string, any>

let pristine: DemoIndexer
let indexer: DemoIndexer

beforeAll(async () => {
  // One indexer nobody publishes to, so totals match the reference samples exactly.
  pristine = await startDemoIndexer({ rate: 0 })
  indexer = await startDemoIndexer({ rate: 0, seed: 5 })
})

afterAll(async () => {
  await pristine.close()
  await indexer.close()
})

const get = (path: string, on: DemoIndexer = indexer): Promise<HttpResult> => getJson(`${on.httpUrl}${path}`)
const body = (result: HttpResult): Json => result.body as Json

/** Replays a sample's request and expects its status, header names and body. */
async function replay(sampleName: string): Promise<HttpResult> {
  const sample = loadSample(sampleName)
  const path = (sample.request as string).replace(/^GET /, '')
  const result = await get(path, pristine)
  expect(result.status, sampleName).toBe(sample.status)
  for (const name of Object.keys(sample.headers ?? {})) expect(result.headers.has(name), `${sampleName}: ${name}`).toBe(true)
  expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8')
  return result
}

describe('errors, word for word as the reference deployment sends them', () => {
  it.each([
    'http-stats-timeseries-metric-proofs-400',
    'http-stats-timeseries-period-1h-400',
    'http-proofs-list-limit-0-400',
    'http-proofs-list-limit-201-400',
    'http-proofs-list-type-balance-lowercase-400',
    'http-proofs-detail-too-short-400',
    'http-proofs-detail-unknown-404',
    'http-transactions-list-status-failed-lowercase-400',
    'http-transactions-detail-too-short-400',
    'http-transactions-detail-unknown-404',
    'http-unknown-route-404',
    'http-proofs-list-garbage-cursor',
    'http-transactions-list-garbage-cursor',
  ])('%s', async (name) => {
    const result = await replay(name)
    expect(result.body).toEqual(loadSample(name).body)
  })

  it('sends no rate-limit headers on an unknown route, and names the method', async () => {
    const unknown = await get('/api/nope')
    expect(unknown.headers.has('x-ratelimit-limit')).toBe(false)
    const post = await fetch(`${indexer.httpUrl}/api/proofs`, { method: 'POST' })
    expect(post.status).toBe(404)
    expect(await post.json()).toEqual({ ok: false, code: 'NOT_FOUND', error: 'Route POST /api/proofs not found' })
    expect(body(await get('/api/proofs/x/y'))).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('answers a request line it cannot parse as a URL without falling over', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = connect(indexer.port, '127.0.0.1', () => socket.end('GET http://[oops HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n'))
      let text = ''
      socket.on('data', (chunk) => (text += chunk.toString()))
      socket.on('end', () => resolve(Number(text.split(' ')[1])))
      socket.on('error', reject)
    })
    expect(status).toBe(400)
    expect((await get('/api/stats/overview')).status).toBe(200)
  })

  it('rejects bad limits, circuit ids, dates and over-long ids', async () => {
    expect(body(await get('/api/stats/leaderboard?limit=101'))).toEqual({
      ok: false,
      code: 'VALIDATION_FAILED',
      error: 'limit: Number must be less than or equal to 100',
    })
    expect((await get('/api/transactions?limit=abc')).status).toBe(400)
    expect(body(await get('/api/proofs/by-circuit/abc')).error).toBe('circuitId: Expected number, received nan')
    expect(body(await get('/api/transactions?fromDate=yesterday')).error).toBe('fromDate: Invalid date')
    expect(body(await get(`/api/proofs/${'A'.repeat(45)}`)).error).toBe('proofAccount: String must contain at most 44 character(s)')
    expect(body(await get(`/api/transactions/${'A'.repeat(121)}`)).error).toBe('signature: String must contain at most 120 character(s)')
  })
})

describe('successful answers have the shape of the samples', () => {
  it('overview', async () => {
    const result = await replay('http-stats-overview')
    // The reference's fields, and the epoch the seed's contract lists (the reference leaves it out).
    const sample = loadSample('http-stats-overview').body as { stats: Record<string, unknown> }
    expect(shapeOf(result.body)).toEqual(shapeOf({ ...sample, stats: { ...sample.stats, epoch: '1' } }))
    expect(body(result).stats).toMatchObject({ totalProofs: '300', status: 'online' })
    // Solana epochs are 432,000 slots.
    const stats = body(result).stats as { slot: string; epoch: string }
    expect(stats.epoch).toBe(String(Math.floor(Number(stats.slot) / 432_000)))
  })

  it('time series: defaults, every metric and period, ascending points', async () => {
    const result = await replay('http-stats-timeseries-defaults')
    expect(shapeOf(result.body)).toEqual(shapeOf(loadSample('http-stats-timeseries-defaults').body))
    expect(body(result)).toMatchObject({ metric: 'proofs24h', period: '7d' })
    for (const metric of ['tps', 'proofs24h', 'activeUsers24h']) {
      for (const period of ['24h', '7d', '30d']) {
        const series = body(await get(`/api/stats/timeseries?metric=${metric}&period=${period}`))
        expect(series).toMatchObject({ ok: true, metric, period })
        const times = (series.data as { t: number }[]).map((point) => point.t)
        expect(times.length).toBeGreaterThan(40)
        expect(times).toEqual([...times].sort((a, b) => a - b))
      }
    }
  })

  it('leaderboard: default 10, limit, period ignored', async () => {
    const result = await replay('http-stats-leaderboard')
    expect(shapeOf(result.body)).toEqual(shapeOf(loadSample('http-stats-leaderboard').body))
    const all = body(await get('/api/stats/leaderboard?limit=100', pristine)).leaderboard as unknown[]
    expect(body(result).leaderboard).toEqual(all.slice(0, 10))
    expect(body(await get('/api/stats/leaderboard?limit=3', pristine)).leaderboard).toEqual(all.slice(0, 3))
    expect(body(await get('/api/stats/leaderboard?period=7d', pristine))).toEqual(body(result))
  })

  it('proof list and detail, with public inputs shaped per proof type', async () => {
    const list = await replay('http-proofs-list-default')
    const skip = ['publicInputs']
    expect(shapeOf(list.body, skip)).toEqual(shapeOf(loadSample('http-proofs-list-default').body, skip))
    expect(body(list).items).toHaveLength(50)
    expect(body(list).total).toBe(300)

    const sampleInputs = new Map<string, unknown>()
    for (const name of ['http-proofs-list-default', 'http-proofs-list-authority-P']) {
      for (const item of (loadSample(name).body as Json).items as Json[]) sampleInputs.set(item.proofType, shapeOf(item.publicInputs))
    }
    const ours = body(await get('/api/proofs?limit=200', pristine)).items as Json[]
    for (const type of ['BALANCE', 'OWNERSHIP', 'AGE', 'MEMBERSHIP', 'CUSTOM']) {
      const item = ours.find((proof) => proof.proofType === type)
      expect(shapeOf(item?.publicInputs), type).toEqual(sampleInputs.get(type))
    }

    const detail = await get(`/api/proofs/${(ours[0] as Json).proofAccount}`, pristine)
    expect(shapeOf(detail.body, skip)).toEqual(shapeOf(loadSample('http-proofs-detail').body, skip))
    expect(body(detail).proof).toEqual(ours[0])
    const revoked = ours.find((proof) => proof.revoked === true) as Json
    expect(revoked.verified).toBe(false)
    expect(shapeOf(revoked, skip)).toEqual(shapeOf((loadSample('http-proofs-detail-revoked').body as Json).proof, skip))
  })

  it('transaction list and details of a proof verification and of a failed transfer', async () => {
    const list = await replay('http-transactions-list-default')
    expect(shapeOf(list.body)).toEqual(shapeOf(loadSample('http-transactions-list-default').body))
    const all = body(await get('/api/transactions?limit=200&status=SUCCESS', pristine)).items as Json[]
    const verify = all.find((tx) => tx.programIds.length === 2) as Json
    const detail = await get(`/api/transactions/${verify.signature}`, pristine)
    expect(shapeOf(detail.body)).toEqual(shapeOf(loadSample('http-transactions-detail').body))
    expect(body(detail).transaction).toMatchObject(verify)

    const failed = body(await get('/api/transactions?limit=200&status=FAILED', pristine)).items as Json[]
    const transfer = failed.find((tx) => tx.programIds[0] === '11111111111111111111111111111111') as Json
    const failedDetail = await get(`/api/transactions/${transfer.signature}`, pristine)
    expect(shapeOf(failedDetail.body)).toEqual(shapeOf(loadSample('http-transactions-detail-failed').body))
    expect(body(failedDetail).transaction.errorMessage).toBe('Transaction simulation failed: insufficient lamports')
  })
})

describe('list parameters', () => {
  it('pages every proof exactly once through the opaque cursor', async () => {
    const seen: string[] = []
    let path = '/api/proofs?limit=37'
    for (let guard = 0; guard < 20; guard++) {
      const page = body(await get(path))
      seen.push(...(page.items as Json[]).map((item) => item.proofAccount as string))
      expect(page.total).toBe(300)
      if (page.nextCursor === null) break
      expect(page.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/)
      path = `/api/proofs?limit=37&cursor=${page.nextCursor}`
    }
    expect(seen).toHaveLength(300)
    expect(new Set(seen).size).toBe(300)
  })

  it('filters proofs by authority and type, and lists a circuit', async () => {
    const authority = DEMO_BUSY_ADDRESSES[0] as string
    const page = body(await get(`/api/proofs?authority=${authority}&type=BALANCE&limit=200`))
    expect(page.items.length).toBe(page.total)
    expect(page.items.every((item: Json) => item.authority === authority && item.proofType === 'BALANCE')).toBe(true)
    const circuit = body(await get('/api/proofs/by-circuit/6?limit=5'))
    expect(circuit.items.length).toBeGreaterThan(0)
    expect(circuit.items.every((item: Json) => item.circuitId === 6 && item.circuitName === 'dao_voter_membership')).toBe(true)
    expect(body(await get('/api/proofs/by-circuit/99'))).toEqual({ ok: true, items: [], nextCursor: null, total: 0 })
  })

  it('lists its circuits as the reference deployment does, and one by id', async () => {
    const result = await get('/api/circuits/')
    expect(result.status).toBe(200)
    const sample = loadSample('http-circuits-list').body as Json
    const circuits = body(result).circuits as Json[]
    // The reference's circuit file URLs are left out; every other field is there with its type.
    const { wasmUrl: _w, zkeyUrl: _z, ...sampleFields } = sample.circuits[0]
    expect(shapeOf(circuits[0])).toEqual(shapeOf(sampleFields))
    expect(circuits.map((circuit) => [circuit.id, circuit.name])).toEqual([
      [1, 'balance_proof'],
      [2, 'ownership_proof'],
      [3, 'age_proof'],
      [4, 'membership_proof'],
      [5, 'custom_circuit'],
      [6, 'dao_voter_membership'],
    ])
    expect(body(await get('/api/circuits')).circuits).toEqual(circuits)
    // One circuit adds its verifying key, as the reference's does.
    const detailSample = loadSample('http-circuits-detail').body as Json
    const { wasmUrl: _dw, zkeyUrl: _dz, ...detailFields } = detailSample.circuit
    const six = body(await get('/api/circuits/6')).circuit
    expect(shapeOf(six)).toEqual(shapeOf(detailFields))
    expect(six.verifyingKey).toHaveLength(detailFields.verifyingKey.length)
    const { verifyingKey: _k, ...listed } = six
    expect(listed).toEqual(circuits[5])
    const unknown = await get('/api/circuits/99')
    expect(unknown.status).toBe(404)
    expect(body(unknown)).toEqual({ ok: false, code: 'NOT_FOUND', error: 'Circuit not found' })
  })

  it('answers public profiles as the reference does: a name for the busy addresses, none for others, 404 for no user', async () => {
    const sample = loadSample('http-get-users-pubkey').body as Json
    const busy = body(await get(`/api/users/${DEMO_BUSY_ADDRESSES[0]}`))
    expect(shapeOf(busy)).toEqual(shapeOf(sample))
    expect(busy.profile.pubkey).toBe(DEMO_BUSY_ADDRESSES[0])
    expect(busy.profile.displayName).toMatch(/^demo_/)
    expect(Number(busy.profile.proofCount)).toBeGreaterThan(0)
    const unknown = await get('/api/users/11111111111111111111111111111111')
    expect(unknown.status).toBe(404)
    expect((await get('/api/users/short')).status).toBe(400)
  })

  it('changes a circuit\'s key or disables it when a test asks its network, and says so on the wire', async () => {
    const before = body(await get('/api/circuits/2')).circuit
    indexer.network.changeCircuitKey(2)
    indexer.network.setCircuitEnabled(3, false)
    const after = body(await get('/api/circuits/2')).circuit
    expect(after.verifyingKey).not.toBe(before.verifyingKey)
    expect(after.enabled).toBe(true)
    const listed = body(await get('/api/circuits/')).circuits as Json[]
    expect(listed.find((circuit) => circuit.id === 3)?.enabled).toBe(false)
    expect(() => indexer.network.changeCircuitKey(99)).toThrow(/unknown circuit 99/)
    indexer.network.setCircuitEnabled(3, true)
  })

  it('ignores a state parameter on proofs, as the reference deployment does, unless told to filter by it', async () => {
    const ignoring = await startDemoIndexer({ rate: 0, seed: 5 })
    const filtering = await startDemoIndexer({ rate: 0, seed: 5, proofStateFilter: true })
    try {
      for (const demo of [ignoring, filtering]) demo.network.revokeProof()
      const plain = body(await get('/api/proofs?limit=200', ignoring))
      expect(body(await get('/api/proofs?state=revoked&limit=200', ignoring))).toEqual(plain)
      const revoked = body(await get('/api/proofs?state=revoked&limit=200', filtering))
      expect(revoked.items.length).toBeGreaterThan(0)
      expect(revoked.items.every((item: Json) => item.revoked === true)).toBe(true)
      const verified = body(await get('/api/proofs?state=verified&limit=50', filtering))
      expect(verified.items.every((item: Json) => item.revoked === false && item.verified === true)).toBe(true)
      expect((await get('/api/proofs?state=REVOKED', filtering)).status).toBe(400)
    } finally {
      await ignoring.close()
      await filtering.close()
    }
  })

  it('has no circuit routes when started as an indexer with only the seed endpoints', async () => {
    const plain = await startDemoIndexer({ rate: 0, circuitRoutes: false })
    try {
      expect((await get('/api/circuits/', plain)).status).toBe(404)
      expect((await get('/api/circuits/1', plain)).status).toBe(404)
      expect((await get('/api/proofs/by-circuit/1', plain)).status).toBe(404)
      expect((await get('/api/proofs?limit=1', plain)).status).toBe(200)
    } finally {
      await plain.close()
    }
  })

  it('filters transactions by pubkey, status and dates, and ignores type', async () => {
    const byWallet = body(await get(`/api/transactions?pubkey=${DEMO_WALLET}&limit=200`))
    expect(byWallet.total).toBeGreaterThan(10)
    expect(body(await get(`/api/transactions?pubkey=${DEMO_WALLET}&limit=200&type=transfer`))).toEqual(byWallet)
    const failed = body(await get(`/api/transactions?pubkey=${DEMO_WALLET}&status=FAILED&limit=200`))
    expect(failed.items.every((tx: Json) => tx.status === 'FAILED')).toBe(true)
    expect(failed.total).toBeLessThan(byWallet.total)

    const from = new Date(Date.now() - 2 * 86_400_000).toISOString()
    const recent = body(await get(`/api/transactions?fromDate=${encodeURIComponent(from)}&limit=200`))
    expect(recent.total).toBeGreaterThan(0)
    expect(recent.items.every((tx: Json) => tx.blockTime !== null && tx.blockTime >= from)).toBe(true)
    const none = body(await get(`/api/transactions?toDate=${encodeURIComponent(from)}&fromDate=${encodeURIComponent(from)}`))
    expect(none.total).toBeLessThanOrEqual(1)
  })

  it('shows newly published records first', async () => {
    const published = indexer.network.publishProof({ authority: DEMO_WALLET })
    const first = body(await get('/api/proofs?limit=1')).items[0] as Json
    expect(first.proofAccount).toBe(published.proof.proofAccount)
    expect(first.slotVerified).toBe(String(published.proof.slot))
    const tx = body(await get(`/api/transactions/${published.transaction.signature}`)).transaction as Json
    expect(tx.instructions[1].decoded).toEqual({ args: { circuitId: published.proof.circuit.id }, name: 'verify_proof' })
  })
})

describe('headers and test hooks', () => {
  it('counts requests down in the rate-limit headers', async () => {
    const first = await get('/api/stats/overview')
    const second = await get('/api/stats/overview')
    expect(first.headers.get('x-ratelimit-limit')).toBe('1000')
    expect(Number(second.headers.get('x-ratelimit-remaining'))).toBe(Number(first.headers.get('x-ratelimit-remaining')) - 1)
    expect(Number(second.headers.get('x-ratelimit-reset'))).toBeLessThanOrEqual(60)
  })

  it('answers HEAD with headers only', async () => {
    const response = await fetch(`${indexer.httpUrl}/api/stats/overview`, { method: 'HEAD' })
    expect(response.status).toBe(200)
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(10)
    expect(await response.text()).toBe('')
  })

  it('fails the next requests on demand, then recovers', async () => {
    indexer.failNextHttp(1, 'internal')
    indexer.failNextHttp(1, 'rate-limited')
    indexer.failNextHttp(1, 'malformed')
    const internal = await get('/api/proofs')
    expect(internal.status).toBe(500)
    expect(body(internal)).toMatchObject({ ok: false, code: 'INTERNAL' })
    expect(typeof body(internal).stack).toBe('string')
    const limited = await get('/api/proofs')
    expect(limited.status).toBe(429)
    expect(body(limited).code).toBe('RATE_LIMITED')
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    const malformed = await fetch(`${indexer.httpUrl}/api/proofs`)
    await expect(malformed.json()).rejects.toThrow()
    expect((await get('/api/proofs')).status).toBe(200)
  })

  it('can stall a request until the client gives up', async () => {
    indexer.failNextHttp(1, 'stall')
    await expect(fetch(`${indexer.httpUrl}/api/proofs`, { signal: AbortSignal.timeout(200) })).rejects.toThrow()
    expect((await get('/api/proofs?limit=1')).status).toBe(200)
  })

  it('reports a degraded status when told to', async () => {
    indexer.setStatus('degraded')
    expect(body(await get('/api/stats/overview')).stats.status).toBe('degraded')
    indexer.setStatus('online')
  })
})

describe('conditional requests', () => {
  it('tags every successful answer and answers 304 when asked with its tag', async () => {
    const first = await fetch(`${indexer.httpUrl}/api/stats/leaderboard?limit=3`)
    const tag = first.headers.get('etag')
    expect(tag).toMatch(/^"[\w-]+"$/)
    const again = await fetch(`${indexer.httpUrl}/api/stats/leaderboard?limit=3`, { headers: { 'if-none-match': tag! } })
    expect(again.status).toBe(304)
    expect(again.headers.get('etag')).toBe(tag)
    expect(await again.text()).toBe('')
    // Weak comparison and lists of tags, as If-None-Match allows.
    const weak = await fetch(`${indexer.httpUrl}/api/stats/leaderboard?limit=3`, { headers: { 'if-none-match': `"other", W/${tag}` } })
    expect(weak.status).toBe(304)
  })

  it('gives a new tag when the content changes, and none to errors', async () => {
    const page = `${indexer.httpUrl}/api/proofs?limit=2`
    const before = (await fetch(page)).headers.get('etag')!
    indexer.network.publishProof()
    const changed = await fetch(page, { headers: { 'if-none-match': before } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(before)
    const missing = await fetch(`${indexer.httpUrl}/api/proofs/${'1'.repeat(44)}`, { headers: { 'if-none-match': '*' } })
    expect(missing.status).toBe(404)
    expect(missing.headers.has('etag')).toBe(false)
  })
})
