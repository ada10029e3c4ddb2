import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { IndexerClient } from './client'
import { HttpHealth, type HttpHealthState } from './http-health'

const closers: Array<() => Promise<void>> = []
afterEach(async () => {
  for (const close of closers.splice(0)) await close()
})

describe('HttpHealth', () => {
  it('is not "ok" while the indexer refuses the credential on every request (401), and is once a request succeeds', () => {
    let now = 1_000
    const health = new HttpHealth(() => {}, () => now)
    const refused = new ProofWatchError({ code: 'HTTP', status: 401, message: 'HTTP 401: sign-in needed' })
    health.note({ ok: false, error: refused })
    health.note({ ok: false, error: refused })
    expect(health.current).toMatchObject({ state: 'error', lastOkAt: null, lastError: { status: 401 } })
    health.note({ ok: true })
    expect(health.current.state).toBe('ok')
    // One endpoint refusing while others answer is that endpoint's business.
    now += 1_000
    health.note({ ok: false, error: refused })
    expect(health.current.state).toBe('ok')
    // Long after the last success, refusals alone mean the indexer refuses us.
    now += 120_000
    health.note({ ok: false, error: new ProofWatchError({ code: 'HTTP', status: 403, message: 'HTTP 403' }) })
    expect(health.current).toMatchObject({ state: 'error', lastError: { status: 403 } })
  })

  it('is unreachable at the first failing request and ok at the first answer after it, telling only changes', () => {
    const changes: HttpHealthState[] = []
    let now = 1_000
    const health = new HttpHealth((state) => changes.push(state), () => now)
    expect(health.current).toEqual({ state: 'unknown', lastOkAt: null, lastError: null })
    health.note({ ok: true })
    now = 2_000
    health.note({ ok: true })
    expect(health.current).toEqual({ state: 'ok', lastOkAt: 2_000, lastError: null })
    const refused = new ProofWatchError({ code: 'UNREACHABLE', message: 'connect ECONNREFUSED' })
    health.note({ ok: false, error: refused })
    expect(health.current).toMatchObject({ state: 'unreachable', lastOkAt: 2_000, lastError: { code: 'UNREACHABLE' } })
    health.note({ ok: false, error: new ProofWatchError({ code: 'HTTP', status: 502, message: 'Bad gateway' }) })
    expect(health.current.state).toBe('error')
    // The server answering with a refusal is reachable.
    health.note({ ok: false, error: new ProofWatchError({ code: 'NOT_FOUND', status: 404, message: 'no such proof' }) })
    expect(health.current.state).toBe('ok')
    expect(changes.map((c) => c.state)).toEqual(['ok', 'unreachable', 'error', 'ok'])
  })
})

describe('IndexerClient outcomes', () => {
  it('reports every request it sends, whoever asked', async () => {
    let failing = false
    const server = createServer((_request, response) => {
      if (failing) response.writeHead(503).end('{"ok":false,"error":"down"}')
      else response.writeHead(200, { 'content-type': 'application/json' }).end('{"tps":1,"slot":"5","totalProofs":"2","proofs24h":1}')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise((resolve) => server.close(() => resolve())))
    const outcomes: boolean[] = []
    const client = new IndexerClient({
      baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      retries: 0,
      conditional: false,
      onOutcome: (outcome) => outcomes.push(outcome.ok),
    })
    await client.overview()
    failing = true
    await expect(client.overview()).rejects.toMatchObject({ status: 503 })
    // An argument refused before sending is no request, and no outcome.
    await expect(client.proof('not a proof account')).rejects.toBeInstanceOf(ProofWatchError)
    expect(outcomes).toEqual([true, false])
  })
})
