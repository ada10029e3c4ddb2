import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoIndexer, type DemoIndexer } from '../../demo/server'
import { testIndexerConnection } from './connection-test'
import { closedPort } from '@test/support/test-server'

describe('test connection', () => {
  let demo: DemoIndexer
  beforeAll(async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0 })
  })
  afterAll(() => demo.close())

  it('reports every endpoint and the socket of a working indexer', async () => {
    const report = await testIndexerConnection({ httpUrl: demo.httpUrl, wsUrl: demo.wsUrl, headers: {}, withCredential: false })
    const names = report.checks.map((c) => c.name)
    expect(names).toEqual([
      'GET /api/stats/overview',
      'GET /api/stats/timeseries',
      'GET /api/stats/leaderboard',
      'GET /api/proofs',
      'GET /api/proofs/{account}',
      'GET /api/transactions',
      'GET /api/transactions/{signature}',
      'WebSocket /ws',
      'subscribe stats',
    ])
    expect(report.checks.filter((c) => !c.ok)).toEqual([])
  })

  it('says when the user channels refuse the credential, and when they take it', async () => {
    const wrong = await testIndexerConnection({
      httpUrl: demo.httpUrl,
      wsUrl: demo.wsUrl,
      headers: { Cookie: `${demo.cookieName}=wrong` },
      withCredential: true,
    })
    const userCheck = (report: typeof wrong) => report.checks.find((c) => c.name === 'user channels (credential)')
    expect(userCheck(wrong)).toMatchObject({ ok: false, detail: expect.stringContaining('refused') })
    const right = await testIndexerConnection({
      httpUrl: demo.httpUrl,
      wsUrl: demo.wsUrl,
      headers: { Cookie: `${demo.cookieName}=${demo.credential}` },
      withCredential: true,
    })
    expect(userCheck(right)).toMatchObject({ ok: true, detail: 'subscribed' })
  })

  it('reports an unreachable indexer check by check, without throwing', async () => {
    const port = await closedPort()
    const report = await testIndexerConnection(
      { httpUrl: `http://127.0.0.1:${port}`, wsUrl: `ws://127.0.0.1:${port}/ws`, headers: {}, withCredential: false },
      2_000,
    )
    expect(report.checks.length).toBeGreaterThanOrEqual(6)
    expect(report.checks.every((c) => !c.ok && c.detail.length > 0)).toBe(true)
  })
})
