/**
 * Every recorded response and socket message of the reference deployment
 * (test/fixtures/wire-samples/, copies of the reference deployment's recordings) through the decoder.
 * The cases live in test/support, one table per subject; this file runs them
 * and checks that together they cover every sample file.
 */
import { readdirSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AUTH_HTTP_CASES } from '@test/support/auth-samples'
import { CIRCUIT_AND_USER_HTTP_CASES } from '@test/support/circuit-and-user-samples'
import { NOTIFICATION_HTTP_CASES } from '@test/support/notification-samples'
import { PROOF_HTTP_CASES } from '@test/support/proof-samples'
import { SOCKET_CASES } from '@test/support/socket-samples'
import { STATS_HTTP_CASES } from '@test/support/stats-samples'
import { TRANSACTION_HTTP_CASES } from '@test/support/transaction-samples'
import { errorOf, loadHttp, WIRE_SAMPLES_DIR } from '@test/support/wire-sample-files'

const HTTP_CASES: Record<string, () => void> = {
  ...AUTH_HTTP_CASES,
  ...NOTIFICATION_HTTP_CASES,
  ...CIRCUIT_AND_USER_HTTP_CASES,
  ...STATS_HTTP_CASES,
  ...PROOF_HTTP_CASES,
  ...TRANSACTION_HTTP_CASES,
  'http-unknown-route-404.json': () => {
    expect(errorOf(loadHttp('http-unknown-route-404.json'))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: 'Route GET /api/nope not found',
    })
  },
}

describe('wire samples of the reference deployment', () => {
  const files = readdirSync(WIRE_SAMPLES_DIR)

  it('has a case for every sample file', () => {
    const httpFiles = files.filter((name) => name.startsWith('http-')).sort()
    const wsFiles = files.filter((name) => name.startsWith('ws-') && name.endsWith('.json')).sort()
    expect(Object.keys(HTTP_CASES).sort()).toEqual(httpFiles)
    expect(Object.keys(SOCKET_CASES).sort()).toEqual(wsFiles)
    // The one .txt sample records subscribe-before-welcome timing trials; it
    // holds no message to decode (the live feed subscribes after `welcome`).
    expect(files.filter((name) => !name.endsWith('.json'))).toEqual(['ws-race-subscribe-before-welcome.txt'])
  })

  it('status and decoder agree for every HTTP sample', () => {
    for (const name of Object.keys(HTTP_CASES)) {
      const sample = loadHttp(name)
      expect(sample.body.ok, name).toBe(sample.status === 200)
    }
  })

  for (const [name, check] of Object.entries(HTTP_CASES)) it(name, check)
  for (const [name, check] of Object.entries(SOCKET_CASES)) it(name, check)
})
