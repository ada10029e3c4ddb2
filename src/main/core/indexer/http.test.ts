import { describe, expect, it } from 'vitest'
import { requestJson, type RequestOptions } from './http'
import { closedPort, sendJson, sendText, serverPerTest } from '@test/support/test-server'
import { rejection } from '@test/support/caught'

const serve = serverPerTest()

/** Options that never really wait: delays are recorded instead. */
function recording(extra: RequestOptions = {}): { options: RequestOptions; delays: number[] } {
  const delays: number[] = []
  return {
    delays,
    options: {
      sleep: async (ms) => {
        delays.push(ms)
      },
      random: () => 0.5,
      ...extra,
    },
  }
}

describe('requestJson', () => {
  it('returns parsed JSON and sends accept and extra headers', async () => {
    const s = await serve((_req, res) => sendJson(res, 200, { ok: true, stats: { slot: '5' } }))
    const response = await requestJson(`${s.url}/api/stats/overview`, { headers: () => ({ cookie: 'session=abc' }) })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ ok: true, stats: { slot: '5' } })
    expect(s.requests[0]).toMatchObject({ method: 'GET', url: '/api/stats/overview' })
    expect(s.requests[0]?.headers.accept).toBe('application/json')
    expect(s.requests[0]?.headers.cookie).toBe('session=abc')
  })

  it('gives null for an empty success body', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(204)
      res.end()
    })
    expect((await requestJson(s.url)).body).toBeNull()
  })

  it('retries 500 and 503 with exponential backoff and full jitter', async () => {
    const s = await serve((_req, res, index) => {
      if (index === 0) sendJson(res, 500, { ok: false, code: 'INTERNAL', error: 'boom' })
      else if (index === 1) sendText(res, 503, 'busy')
      else sendJson(res, 200, { ok: true })
    })
    const { options, delays } = recording({ random: () => 0.5 })
    expect((await requestJson(s.url, options)).body).toEqual({ ok: true })
    expect(s.requests).toHaveLength(3)
    expect(delays).toEqual([250, 500])
  })

  it('caps the backoff', async () => {
    const s = await serve((_req, res) => sendJson(res, 500, {}))
    const { options, delays } = recording({ random: () => 0.999, retries: 8, maxDelayMs: 4000, deadlineMs: Infinity })
    await rejection(requestJson(s.url, options))
    expect(delays).toHaveLength(8)
    expect(Math.max(...delays)).toBeLessThan(4000)
    expect(delays.at(-1)).toBe(Math.floor(0.999 * 4000))
  })

  it('honours Retry-After in seconds and as an HTTP date, and x-ratelimit-reset on 429', async () => {
    const now = Date.UTC(2026, 10, 21, 12, 0, 0)
    const s = await serve((_req, res, index) => {
      if (index === 0) sendJson(res, 503, {}, { 'retry-after': '2' })
      else if (index === 1) sendJson(res, 429, {}, { 'retry-after': new Date(now + 3000).toUTCString() })
      else if (index === 2) sendJson(res, 429, { ok: false, code: 'RATE_LIMITED', error: 'slow' }, { 'x-ratelimit-reset': '7' })
      else sendJson(res, 200, { done: true })
    })
    const { options, delays } = recording({ now: () => now })
    expect((await requestJson(s.url, options)).body).toEqual({ done: true })
    expect(delays).toEqual([2000, 3000, 7000])
  })

  it('reports RATE_LIMITED once retries are used up', async () => {
    const s = await serve((_req, res) =>
      sendJson(res, 429, { ok: false, code: 'RATE_LIMITED', error: 'Rate limit exceeded' }, { 'retry-after': '1' }),
    )
    const { options, delays } = recording({ retries: 2 })
    const error = await rejection(requestJson(s.url, options))
    expect(error).toMatchObject({ code: 'RATE_LIMITED', status: 429, serverCode: 'RATE_LIMITED', retryable: true })
    expect(error.message).toBe('Rate limit exceeded')
    expect(s.requests).toHaveLength(3)
    expect(delays).toEqual([1000, 1000])
  })

  it('does not wait longer than the cap a server asks for', async () => {
    const s = await serve((_req, res) => sendJson(res, 429, { error: 'later' }, { 'retry-after': '120' }))
    const { options, delays } = recording()
    const error = await rejection(requestJson(s.url, options))
    expect(error).toMatchObject({ code: 'RATE_LIMITED', retryable: true })
    expect(error.message).toContain('120 s')
    expect(delays).toEqual([])
    expect(s.requests).toHaveLength(1)
  })

  it('does not retry 400 or 404', async () => {
    const s = await serve((req, res) => {
      if (req.url === '/bad') sendJson(res, 400, { ok: false, code: 'VALIDATION_FAILED', error: 'limit: too big' })
      else sendJson(res, 404, { ok: false, code: 'NOT_FOUND', error: 'Proof not found' })
    })
    const { options, delays } = recording()
    expect(await rejection(requestJson(`${s.url}/bad`, options))).toMatchObject({
      code: 'HTTP',
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: 'limit: too big',
      retryable: false,
    })
    expect(await rejection(requestJson(`${s.url}/missing`, options))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: 'Proof not found',
      retryable: false,
    })
    expect(s.requests).toHaveLength(2)
    expect(delays).toEqual([])
  })

  it('reports a text error body as the message', async () => {
    const s = await serve((_req, res) => sendText(res, 502, 'Bad gateway: upstream closed'))
    expect(await rejection(requestJson(s.url, { retries: 0 }))).toMatchObject({
      code: 'HTTP',
      status: 502,
      message: 'Bad gateway: upstream closed',
      retryable: true,
    })
  })

  it('times out a server that never answers, and retries', async () => {
    const s = await serve(() => undefined)
    const { options, delays } = recording({ timeoutMs: 100, retries: 1 })
    const error = await rejection(requestJson(s.url, options))
    expect(error).toMatchObject({ code: 'TIMEOUT', retryable: true })
    expect(error.message).toMatch(/^http:\/\/127\.0\.0\.1:\d+ did not answer within \d+(\.\d)? s \(2 attempts\)$/)
    expect(s.requests).toHaveLength(2)
    expect(delays).toHaveLength(1)
  })

  it('gives up at the deadline, whatever the retries, and says how long the wait was', async () => {
    const s = await serve(() => undefined)
    const started = Date.now()
    const error = await rejection(requestJson(s.url, { timeoutMs: 200, deadlineMs: 500, retries: 10, baseDelayMs: 10, maxDelayMs: 20 }))
    const waited = Date.now() - started
    expect(error.code).toBe('TIMEOUT')
    const [, said, attempts] = /did not answer within (\d+(?:\.\d)?) s \((\d+) attempts\)$/.exec(error.message) ?? []
    expect(Number(attempts)).toBe(s.requests.length)
    expect(s.requests.length).toBeLessThanOrEqual(3)
    // What it says is the wait: never more than it took, never less than one attempt's limit.
    expect(Number(said) * 1000).toBeLessThanOrEqual(waited + 50)
    expect(Number(said) * 1000).toBeGreaterThanOrEqual(200)
  })

  it('stops retrying a server error at the deadline and reports the error itself', async () => {
    const s = await serve((_req, res) => sendJson(res, 503, { ok: false, error: 'busy' }))
    const { options, delays } = recording({ retries: 10, deadlineMs: 2000, random: () => 0.999 })
    const error = await rejection(requestJson(s.url, options))
    expect(error).toMatchObject({ code: 'HTTP', status: 503 })
    expect(delays.reduce((a, b) => a + b, 0)).toBeLessThan(2000)
    expect(s.requests.length).toBe(delays.length + 1)
  })

  it('times out a body that stalls', async () => {
    const s = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('{"items": [')
    })
    const error = await rejection(requestJson(s.url, { timeoutMs: 150, retries: 0 }))
    expect(error.code).toBe('TIMEOUT')
  })

  it('reports a closed port as UNREACHABLE after retrying', async () => {
    const port = await closedPort()
    const { options, delays } = recording({ retries: 2 })
    const error = await rejection(requestJson(`http://127.0.0.1:${port}/api/stats/overview`, options))
    expect(error).toMatchObject({ code: 'UNREACHABLE', retryable: true })
    expect(error.message).toContain('connection refused')
    expect(delays).toHaveLength(2)
  })

  it('retries a connection dropped mid-body', async () => {
    const s = await serve((_req, res, index) => {
      if (index === 0) {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
        res.write('{"ok":')
        res.socket?.destroy()
      } else sendJson(res, 200, { ok: true })
    })
    const { options, delays } = recording()
    expect((await requestJson(s.url, options)).body).toEqual({ ok: true })
    expect(delays).toHaveLength(1)
  })

  it('reports a body that is not JSON as DECODE with what arrived', async () => {
    const s = await serve((_req, res) => sendText(res, 200, '<html>maintenance</html>', 'text/html'))
    const error = await rejection(requestJson(s.url))
    expect(error).toMatchObject({ code: 'DECODE', received: '<html>maintenance</html>', retryable: false })
    expect(s.requests).toHaveLength(1)
  })

  it('refuses bodies over the size cap, streamed or declared', async () => {
    const s = await serve((req, res) => {
      const chunk = 'x'.repeat(1000)
      if (req.url === '/declared') {
        res.writeHead(200, { 'content-length': String(chunk.length * 5) })
      } else res.writeHead(200)
      for (let i = 0; i < 5; i++) res.write(chunk)
      res.end()
    })
    for (const path of ['/streamed', '/declared']) {
      const error = await rejection(requestJson(`${s.url}${path}`, { maxBodyBytes: 2500 }))
      expect(error.code, path).toBe('DECODE')
      expect(error.message, path).toContain('too large')
    }
    expect(s.requests).toHaveLength(2)
  })
})
