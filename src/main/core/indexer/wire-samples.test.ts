/**
 * Every recorded response and socket message of the reference deployment
 * (test/fixtures/wire-samples/, copies of the reference deployment's recordings) through the decoder.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page, Proof, SeriesPeriod, Transaction } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import {
  decodeAccountWatched,
  decodeAccountWatchedList,
  decodeAddressTransaction,
  decodeCircuit,
  decodeCircuitList,
  decodeErrorBody,
  decodeLeaderboard,
  decodeNotification,
  decodeOverview,
  decodeProof,
  decodeProofPage,
  decodeProofSummary,
  decodePublicProfile,
  decodeSeries,
  decodeServerFrame,
  decodeStatsEvent,
  decodeTransactionDetail,
  decodeTransactionPage,
} from './decode'
import { AUTH_HTTP_CASES } from '@test/support/auth-samples'
import { NOTIFICATION_HTTP_CASES } from '@test/support/notification-samples'

const SAMPLES = join(__dirname, '../../../../test/fixtures/wire-samples')

interface HttpSample {
  request: string
  status: number
  headers: Record<string, string>
  body: Record<string, unknown>
}

function loadHttp(name: string): HttpSample {
  return JSON.parse(readFileSync(join(SAMPLES, name), 'utf8')) as HttpSample
}

function frameText(name: string): string {
  return readFileSync(join(SAMPLES, name), 'utf8')
}

function requestUrl(sample: HttpSample): URL {
  return new URL(sample.request.replace(/^GET /, ''), 'http://indexer.invalid')
}

function errorOf(sample: HttpSample) {
  return decodeErrorBody(sample.status, JSON.stringify(sample.body), sample.headers['content-type'] ?? null)
}

/** The reference cursor is base64url of the last item's key. */
function expectCursorPointsAtLastItem(page: Page<Proof> | Page<Transaction>, key: (item: never) => string): void {
  const last = page.items.at(-1)
  expect(last).toBeDefined()
  expect(Buffer.from(page.nextCursor ?? '', 'base64url').toString('utf8')).toBe(key(last as never))
}

function proofPage(name: string): Page<Proof> {
  const sample = loadHttp(name)
  const page = decodeProofPage(sample.body)
  const rawItems = sample.body.items as Array<Record<string, unknown>>
  expect(page.items).toHaveLength(rawItems.length)
  page.items.forEach((proof, index) => {
    const raw = rawItems[index] as Record<string, unknown>
    expect(proof.proofAccount).toBe(raw.proofAccount)
    expect(proof.slotVerified).toBe(raw.slotVerified)
    expect(proof.circuitId).toBe(String(raw.circuitId))
    expect(proof.verifiedAt).toBe(Date.parse(raw.verifiedAt as string))
    expect(proof.raw).toBe(raw)
    expect(proof.extra).toEqual({})
  })
  if (page.nextCursor !== null) expectCursorPointsAtLastItem(page, (p: Proof) => p.proofAccount)
  return page
}

function transactionPage(name: string): Page<Transaction> {
  const sample = loadHttp(name)
  const page = decodeTransactionPage(sample.body)
  const rawItems = sample.body.items as Array<Record<string, unknown>>
  expect(page.items).toHaveLength(rawItems.length)
  page.items.forEach((tx, index) => {
    const raw = rawItems[index] as Record<string, unknown>
    expect(tx.signature).toBe(raw.signature)
    expect(tx.slot).toBe(raw.slot)
    expect(tx.fee).toBe(raw.fee)
    expect(tx.status).toBe(raw.status)
    expect(tx.programIds).toEqual(raw.programIds)
    expect(tx.extra).toEqual({})
  })
  if (page.nextCursor !== null) expectCursorPointsAtLastItem(page, (t: Transaction) => t.signature)
  return page
}

function series(name: string) {
  const sample = loadHttp(name)
  const query = requestUrl(sample).searchParams
  const period = (query.get('period') ?? '7d') as SeriesPeriod
  const decoded = decodeSeries(sample.body, { metric: query.get('metric') ?? 'proofs24h', period })
  const rawPoints = sample.body.data as Array<{ t: number; value: number }>
  expect(decoded.points).toHaveLength(rawPoints.length)
  expect(decoded.points[0]).toEqual(rawPoints[0])
  expect(decoded.serverMetric).toBe(sample.body.metric)
  const times = decoded.points.map((point) => point.t)
  expect(times).toEqual([...times].sort((a, b) => a - b))
  return decoded
}

function leaderboard(name: string) {
  const entries = decodeLeaderboard(loadHttp(name).body)
  expect(entries.map((entry) => entry.rank)).toEqual(entries.map((_entry, index) => index + 1))
  expect(entries[0]).toMatchObject({ rank: 1, pubkey: '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr', proofCount: '11' })
  return entries
}

const HTTP_CASES: Record<string, () => void> = {
  ...AUTH_HTTP_CASES,
  ...NOTIFICATION_HTTP_CASES,
  'http-circuits-list.json': () => {
    const circuits = decodeCircuitList(loadHttp('http-circuits-list.json').body)
    expect(circuits.length).toBeGreaterThanOrEqual(5)
    expect(circuits.slice(0, 5).map((circuit) => [circuit.id, circuit.name, circuit.proofType])).toEqual([
      ['1', 'balance_proof', 'BALANCE'],
      ['2', 'ownership_proof', 'OWNERSHIP'],
      ['3', 'age_proof', 'AGE'],
      ['4', 'membership_proof', 'MEMBERSHIP'],
      ['5', 'custom_circuit', 'CUSTOM'],
    ])
    // `enabled` is what tells a disabled circuit (session/circuit-watch.ts).
    expect(circuits.slice(0, 5).map((circuit) => circuit.enabled)).toEqual([true, true, true, true, true])
  },
  'http-get-users-pubkey.json': () => {
    expect(decodePublicProfile(loadHttp('http-get-users-pubkey.json').body)).toMatchObject({ pubkey: 'Hy7JnnvxCBm766tHcey3MsWpijWwVQazEuwc2ULiyQPu', displayName: 'ref_tester', proofCount: '93' })
  },
  'http-circuits-detail.json': () => {
    const circuit = decodeCircuit(loadHttp('http-circuits-detail.json').body)
    expect(circuit).toEqual({ id: '4', name: 'membership_proof', proofType: 'MEMBERSHIP', description: 'Prove membership in a Merkle-committed allowlist.', enabled: true })
  },
  'http-stats-overview.json': () => {
    const overview = decodeOverview(loadHttp('http-stats-overview.json').body, 1_000)
    expect(overview).toMatchObject({
      tps: 2505,
      slot: '356509821',
      epoch: null,
      totalProofs: '300',
      proofs24h: '45',
      avgVerifyTimeMs: 447,
      activeUsers24h: '9',
      rpcLatencyMs: 79,
      status: 'ONLINE',
      observedAt: 1_000,
      extra: {},
    })
    expect(overview.raw.status).toBe('online')
  },
  'http-stats-timeseries-defaults.json': () => {
    const decoded = series('http-stats-timeseries-defaults.json')
    expect(decoded).toMatchObject({ metric: 'proofs24h', period: '7d' })
    expect(decoded.points.at(-1)).toEqual({ t: 1795295128461, value: 45 })
  },
  'http-stats-timeseries-activeUsers24h-24h.json': () => {
    const decoded = series('http-stats-timeseries-activeUsers24h-24h.json')
    expect(decoded).toMatchObject({ metric: 'activeUsers24h', serverMetric: 'activeUsers24h', period: '24h' })
    expect(decoded.points).toHaveLength(50)
  },
  'http-stats-timeseries-proofs24h-24h.json': () => {
    expect(series('http-stats-timeseries-proofs24h-24h.json').points[0]).toEqual({ t: 1795210456461, value: 12 })
  },
  'http-stats-timeseries-proofs24h-7d.json': () => {
    expect(series('http-stats-timeseries-proofs24h-7d.json').points).toHaveLength(81)
  },
  'http-stats-timeseries-tps-30d.json': () => {
    const decoded = series('http-stats-timeseries-tps-30d.json')
    expect(decoded.points).toHaveLength(199)
    expect(decoded.points[0]).toEqual({ t: 1792719952461, value: 3578.2 })
  },
  'http-stats-timeseries-metric-proofs-400.json': () => {
    expect(errorOf(loadHttp('http-stats-timeseries-metric-proofs-400.json'))).toEqual({
      code: 'HTTP',
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: "metric: Invalid enum value. Expected 'tps' | 'proofs24h' | 'activeUsers24h', received 'proofs'",
      retryable: false,
    })
  },
  'http-stats-timeseries-period-1h-400.json': () => {
    expect(errorOf(loadHttp('http-stats-timeseries-period-1h-400.json'))).toMatchObject({
      code: 'HTTP',
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: expect.stringContaining("Expected '24h' | '7d' | '30d'"),
    })
  },
  'http-stats-leaderboard.json': () => {
    const entries = leaderboard('http-stats-leaderboard.json')
    expect(entries).toHaveLength(9)
    expect(entries[8]).toMatchObject({ rank: 9, pubkey: 'HRDjj3NPLKWFPvA8yyc7HU8Xu7mozjTkokXgCB6czufV', proofCount: '1' })
  },
  'http-stats-leaderboard-limit-3.json': () => {
    const entries = leaderboard('http-stats-leaderboard-limit-3.json')
    expect(entries.map((entry) => entry.proofCount)).toEqual(['11', '10', '6'])
  },
  'http-stats-leaderboard-period-24h.json': () => {
    expect(leaderboard('http-stats-leaderboard-period-24h.json')).toHaveLength(9)
  },
  'http-stats-leaderboard-period-7d-ignored.json': () => {
    expect(leaderboard('http-stats-leaderboard-period-7d-ignored.json')).toEqual(
      leaderboard('http-stats-leaderboard-period-24h.json'),
    )
  },
  'http-proofs-list-default.json': () => {
    const page = proofPage('http-proofs-list-default.json')
    expect(page.items).toHaveLength(50)
    expect(page.total).toBe('300')
    expect(page.items[0]).toMatchObject({
      proofAccount: '7SMNejr6dAYhXGkW9ZsMD4XAD3ZetxsCT7wWUqyYJCWR',
      circuitId: '4',
      proofType: 'MEMBERSHIP',
      slotVerified: '356507327',
      verifiedAt: Date.UTC(2026, 10, 21, 20, 48, 50, 485),
      verified: true,
      revoked: false,
    })
  },
  'http-proofs-list-limit5.json': () => {
    const page = proofPage('http-proofs-list-limit5.json')
    expect(page.nextCursor).toBe('NmlaZ0djZGo3NjQxbVJZSEo5WncxY3h5bWFIZDlpTlBGd1VjUVJMZW91eGU')
    expect(page.items.at(-1)?.proofAccount).toBe('6iZgGcdj7641mRYHJ9Zw1cxymaHd9iNPFwUcQRLeouxe')
  },
  'http-proofs-list-limit5-page2.json': () => {
    const page = proofPage('http-proofs-list-limit5-page2.json')
    expect(page.items[0]?.proofAccount).toBe('HzJYpKwoXYDM7TUvLwNoQyDbEaWTsQJuRh2259DZjt1L')
    expect(page.items[1]?.publicInputs).toEqual({ issuer: '7KtfTcfBZH83PJGTEXum52jEhh6dCACrrS6nr4w9d7kW', minAge: 21 })
  },
  'http-proofs-list-authority-P.json': () => {
    const page = proofPage('http-proofs-list-authority-P.json')
    expect(page.total).toBe('54')
    expect(new Set(page.items.map((proof) => proof.authority))).toEqual(
      new Set(['8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr']),
    )
  },
  'http-proofs-list-authority-and-type.json': () => {
    const page = proofPage('http-proofs-list-authority-and-type.json')
    expect(page.total).toBe('6')
    expect(page.items.map((proof) => proof.proofType)).toEqual(['OWNERSHIP', 'OWNERSHIP', 'OWNERSHIP'])
  },
  'http-proofs-list-type-BALANCE.json': () => {
    const page = proofPage('http-proofs-list-type-BALANCE.json')
    expect(page.total).toBe('81')
    expect(page.items.every((proof) => proof.proofType === 'BALANCE' && proof.circuitName !== null)).toBe(true)
  },
  'http-proofs-list-garbage-cursor.json': () => {
    expect(proofPage('http-proofs-list-garbage-cursor.json')).toEqual({ items: [], nextCursor: null, total: '300' })
  },
  'http-proofs-list-unknown-valid-b64-cursor.json': () => {
    expect(proofPage('http-proofs-list-unknown-valid-b64-cursor.json')).toEqual({
      items: [],
      nextCursor: null,
      total: '300',
    })
  },
  'http-proofs-list-limit-0-400.json': () => {
    expect(errorOf(loadHttp('http-proofs-list-limit-0-400.json'))).toMatchObject({
      code: 'HTTP',
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: 'limit: Number must be greater than or equal to 1',
    })
  },
  'http-proofs-list-limit-201-400.json': () => {
    expect(errorOf(loadHttp('http-proofs-list-limit-201-400.json')).message).toBe(
      'limit: Number must be less than or equal to 200',
    )
  },
  'http-proofs-list-type-balance-lowercase-400.json': () => {
    expect(errorOf(loadHttp('http-proofs-list-type-balance-lowercase-400.json'))).toMatchObject({
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: expect.stringContaining("received 'balance'"),
    })
  },
  'http-proofs-detail.json': () => {
    const proof = decodeProof(loadHttp('http-proofs-detail.json').body)
    expect(proof).toMatchObject({
      proofAccount: '7SMNejr6dAYhXGkW9ZsMD4XAD3ZetxsCT7wWUqyYJCWR',
      signature: '4npGHnNW4DMeQ6YUDaaddFxXcVq8W64D3qbboMkKTY4yJuTM1QhTT55FT6UTcKn7xK6G4cPn5GaR81X7ow1jPUhX',
      authority: '75YXdFZXPc45Np3LD5T8a1XG4YHTNYWz5qTyFjN5pdxj',
      circuitId: '4',
      circuitName: 'membership_proof',
      proofType: 'MEMBERSHIP',
      verified: true,
      verifiedAt: Date.parse('2026-11-21T20:48:50.485Z'),
      slotVerified: '356507327',
      revoked: false,
      extra: {},
    })
    expect(Object.keys(proof.publicInputs)).toEqual(['nullifier', 'merkleRoot'])
    expect(proof.raw.circuitId).toBe(4)
  },
  'http-proofs-detail-revoked.json': () => {
    const proof = decodeProof(loadHttp('http-proofs-detail-revoked.json').body)
    expect(proof).toMatchObject({ verified: false, revoked: true, slotVerified: '356336786', circuitId: '1' })
    expect(proof.publicInputs.threshold).toBe('170000000000')
  },
  'http-proofs-detail-too-short-400.json': () => {
    expect(errorOf(loadHttp('http-proofs-detail-too-short-400.json'))).toMatchObject({
      code: 'HTTP',
      status: 400,
      message: 'proofAccount: String must contain at least 32 character(s)',
    })
  },
  'http-proofs-detail-unknown-404.json': () => {
    expect(errorOf(loadHttp('http-proofs-detail-unknown-404.json'))).toEqual({
      code: 'NOT_FOUND',
      status: 404,
      serverCode: 'NOT_FOUND',
      message: 'Proof not found',
      retryable: false,
    })
  },
  'http-transactions-list-default.json': () => {
    const page = transactionPage('http-transactions-list-default.json')
    expect(page.items).toHaveLength(50)
    expect(page.total).toBe('500')
    expect(page.items[0]).toMatchObject({
      signature: '4npGHnNW4DMeQ6YUDaaddFxXcVq8W64D3qbboMkKTY4yJuTM1QhTT55FT6UTcKn7xK6G4cPn5GaR81X7ow1jPUhX',
      slot: '356507327',
      blockTime: Date.parse('2026-11-21T20:48:50.485Z'),
      fee: '33000',
      feePayer: '75YXdFZXPc45Np3LD5T8a1XG4YHTNYWz5qTyFjN5pdxj',
      status: 'SUCCESS',
      computeUnits: '156044',
    })
  },
  'http-transactions-list-limit5.json': () => {
    expect(transactionPage('http-transactions-list-limit5.json').items).toHaveLength(5)
  },
  'http-transactions-list-limit5-page2.json': () => {
    const page = transactionPage('http-transactions-list-limit5-page2.json')
    expect(page.items[0]?.fee).toBe('38000')
  },
  'http-transactions-list-fromDate.json': () => {
    const sample = loadHttp('http-transactions-list-fromDate.json')
    const from = Date.parse(requestUrl(sample).searchParams.get('fromDate') ?? '')
    const page = transactionPage('http-transactions-list-fromDate.json')
    expect(page.total).toBe('74')
    expect(page.items.every((tx) => (tx.blockTime ?? 0) >= from)).toBe(true)
  },
  'http-transactions-list-garbage-cursor.json': () => {
    expect(transactionPage('http-transactions-list-garbage-cursor.json')).toEqual({
      items: [],
      nextCursor: null,
      total: '500',
    })
  },
  'http-transactions-list-pubkey-P.json': () => {
    expect(transactionPage('http-transactions-list-pubkey-P.json').total).toBe('95')
  },
  'http-transactions-list-pubkey-W1.json': () => {
    expect(transactionPage('http-transactions-list-pubkey-W1.json').items[0]?.slot).toBe('356487026')
  },
  'http-transactions-list-pubkey-W2-FAILED.json': () => {
    const page = transactionPage('http-transactions-list-pubkey-W2-FAILED.json')
    expect(page).toMatchObject({ nextCursor: null, total: '5' })
    expect(page.items.every((tx) => tx.status === 'FAILED')).toBe(true)
  },
  'http-transactions-list-status-FAILED.json': () => {
    const page = transactionPage('http-transactions-list-status-FAILED.json')
    expect(page.total).toBe('31')
    expect(page.items.map((tx) => tx.status)).toEqual(Array(5).fill('FAILED'))
  },
  'http-transactions-list-type-ignored.json': () => {
    expect(transactionPage('http-transactions-list-type-ignored.json').items.map((tx) => tx.status)).toEqual([
      'FAILED',
      'SUCCESS',
      'SUCCESS',
    ])
  },
  'http-transactions-list-status-failed-lowercase-400.json': () => {
    expect(errorOf(loadHttp('http-transactions-list-status-failed-lowercase-400.json'))).toMatchObject({
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: "status: Invalid enum value. Expected 'SUCCESS' | 'FAILED', received 'failed'",
    })
  },
  'http-transactions-detail.json': () => {
    const tx = decodeTransactionDetail(loadHttp('http-transactions-detail.json').body)
    expect(tx).toMatchObject({ slot: '356507327', status: 'SUCCESS', errorMessage: null, fee: '33000', extra: {} })
    expect(tx.logs).toHaveLength(6)
    expect(tx.instructions).toEqual([
      {
        index: 0,
        programId: 'ComputeBudget111111111111111111111111111111',
        accounts: [],
        decoded: { name: 'setComputeUnitLimit', units: 400000 },
      },
      {
        index: 1,
        programId: 'Ei5ZkTC2M631gSpBoz3wz8szq7rikrUgRbzfwQ353w8Q',
        accounts: [
          '75YXdFZXPc45Np3LD5T8a1XG4YHTNYWz5qTyFjN5pdxj',
          '7SMNejr6dAYhXGkW9ZsMD4XAD3ZetxsCT7wWUqyYJCWR',
          '11111111111111111111111111111111',
        ],
        decoded: { args: { circuitId: 4 }, name: 'verify_proof' },
      },
    ])
  },
  'http-transactions-detail-failed.json': () => {
    const tx = decodeTransactionDetail(loadHttp('http-transactions-detail-failed.json').body)
    expect(tx).toMatchObject({
      status: 'FAILED',
      fee: '49000',
      errorMessage: 'Transaction simulation failed: insufficient lamports',
    })
    expect(tx.instructions[0]?.decoded).toEqual({ name: 'transfer', lamports: 4601000000 })
  },
  'http-transactions-detail-null-blocktime.json': () => {
    const tx = decodeTransactionDetail(loadHttp('http-transactions-detail-null-blocktime.json').body)
    expect(tx).toMatchObject({ blockTime: null, slot: '354845106', errorMessage: null })
  },
  'http-transactions-detail-too-short-400.json': () => {
    expect(errorOf(loadHttp('http-transactions-detail-too-short-400.json'))).toMatchObject({
      code: 'HTTP',
      status: 400,
      message: 'signature: String must contain at least 32 character(s)',
    })
  },
  'http-transactions-detail-unknown-404.json': () => {
    expect(errorOf(loadHttp('http-transactions-detail-unknown-404.json'))).toMatchObject({
      code: 'NOT_FOUND',
      serverCode: 'NOT_FOUND',
      message: 'Transaction not found',
    })
  },
  'http-unknown-route-404.json': () => {
    expect(errorOf(loadHttp('http-unknown-route-404.json'))).toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: 'Route GET /api/nope not found',
    })
  },
  'http-users-me-watched.json': () => {
    const watched = decodeAccountWatchedList(loadHttp('http-users-me-watched.json').body)
    expect(watched.map((entry) => [entry.pubkey, entry.label])).toEqual([
      ['5GvxbuTAmGEmSaXgRKGu3NNRcB1GAQCRG1YtuMYmNpZr', 'zkHelios treasury'],
      ['kvmCrkTANkhnoq3ab3T7qNawCJWUeFmHQP97GXNeJdw', 'friend'],
      ['AVqyfWShNxnrvMXXfMxQTKwE97wNygXBSnJEArFCqgz', 'whale prover'],
    ])
    expect(watched[0]).toEqual({ id: 'cmwv0pridcnry1jcpxcfe2je9', pubkey: '5GvxbuTAmGEmSaXgRKGu3NNRcB1GAQCRG1YtuMYmNpZr', label: 'zkHelios treasury', createdAt: Date.parse('2026-11-10T18:18:18.328Z') })
  },
  'http-post-users-me-watched.json': () => {
    expect(decodeAccountWatched(loadHttp('http-post-users-me-watched.json').body)).toEqual({
      id: 'cmwyiq1o00007c07d2hol7xht',
      pubkey: 'AuN8MLqjKPQMfD8Uk9AYG2TayU8jH1bSV1r1ufXNNtC2',
      label: 'wire-diff',
      createdAt: Date.parse('2026-11-27T05:05:43.152Z'),
    })
  },
  'http-post-users-me-watched-409.json': () => {
    expect(errorOf(loadHttp('http-post-users-me-watched-409.json'))).toMatchObject({ status: 409, serverCode: 'CONFLICT', message: 'Address already watched' })
    expect(() => decodeAccountWatched(loadHttp('http-post-users-me-watched-409.json').body)).toThrow()
  },
}

function expectDecodeError(run: () => unknown): ProofWatchError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ProofWatchError)
    expect((error as ProofWatchError).code).toBe('DECODE')
    return error as ProofWatchError
  }
  throw new Error('expected a DECODE error')
}

const WS_CASES: Record<string, () => void> = {
  'ws-welcome-anonymous.json': () => {
    expect(decodeServerFrame(frameText('ws-welcome-anonymous.json'))).toEqual({ kind: 'welcome', authenticated: false })
  },
  'ws-welcome-authenticated.json': () => {
    expect(decodeServerFrame(frameText('ws-welcome-authenticated.json'))).toEqual({
      kind: 'welcome',
      authenticated: true,
    })
  },
  'ws-subscribed.json': () => {
    expect(decodeServerFrame(frameText('ws-subscribed.json'))).toEqual({ kind: 'subscribed', channel: 'stats' })
  },
  'ws-subscribed-user-notifications.json': () => {
    expect(decodeServerFrame(frameText('ws-subscribed-user-notifications.json'))).toEqual({
      kind: 'subscribed',
      channel: 'user:notifications',
    })
  },
  'ws-error-11th-subscription.json': () => {
    expect(decodeServerFrame(frameText('ws-error-11th-subscription.json'))).toEqual({
      kind: 'error',
      message: 'Subscription limit reached',
      channel: null,
    })
  },
  'ws-error-bad-channel.json': () => {
    expect(decodeServerFrame(frameText('ws-error-bad-channel.json'))).toEqual({
      kind: 'error',
      message: 'Channel not allowed: bogus:channel',
      channel: 'bogus:channel',
    })
  },
  'ws-error-invalid-json.json': () => {
    expect(decodeServerFrame(frameText('ws-error-invalid-json.json'))).toEqual({
      kind: 'error',
      message: 'Invalid JSON',
      channel: null,
    })
  },
  'ws-error-proofs-circuit-channel.json': () => {
    expect(decodeServerFrame(frameText('ws-error-proofs-circuit-channel.json'))).toMatchObject({
      kind: 'error',
      channel: 'proofs:circuit:1',
    })
  },
  'ws-error-user-channel-unauthenticated.json': () => {
    expect(decodeServerFrame(frameText('ws-error-user-channel-unauthenticated.json'))).toMatchObject({
      kind: 'error',
      channel: 'user:notifications',
    })
  },
  'ws-event-stats.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-stats.json'))
    expect(frame).toMatchObject({ kind: 'event', channel: 'stats' })
    if (frame.kind !== 'event') throw new Error('not an event')
    expect(decodeStatsEvent(frame.data, 5)).toMatchObject({
      tps: 3982.2,
      slot: '356511226',
      totalProofs: '300',
      proofs24h: '45',
      avgVerifyTimeMs: 515,
      activeUsers24h: '9',
      rpcLatencyMs: 42,
      status: null,
      observedAt: Date.parse('2026-11-21T21:14:50.658Z'),
      extra: {},
    })
  },
  'ws-event-proofs.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-proofs.json'))
    if (frame.kind !== 'event') throw new Error('not an event')
    expect(frame.channel).toBe('proofs')
    expect(decodeProofSummary(frame.data)).toEqual({
      proofAccount: 'BrzybSVsHeD5j5L1L1Kkre1RFzn4JTSpkXaMC7ndK8mH',
      authority: '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr',
      circuitId: '4',
      proofType: 'MEMBERSHIP',
      slot: '356511227',
      raw: frame.data,
      extra: {},
    })
  },
  'ws-event-user-proofs.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-user-proofs.json'))
    if (frame.kind !== 'event') throw new Error('not an event')
    expect(frame.channel).toBe('user:proofs')
    expect(decodeProofSummary(frame.data).slot).toBe('356511227')
  },
  'ws-event-user-notifications.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-user-notifications.json'))
    if (frame.kind !== 'event') throw new Error('not an event')
    expect(frame.channel).toBe('user:notifications')
    expect(decodeNotification(frame.data, 77)).toMatchObject({
      id: 'c6682137fcc2f6264fc44f2a9',
      kind: 'PROOF_REVOKED',
      title: 'Proof revoked',
      body: 'A custom_circuit proof changed state',
      receivedAt: 77,
      extra: {},
    })
  },
  'ws-event-address-txs.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-address-txs.json'))
    if (frame.kind !== 'event') throw new Error('not an event')
    const pushed = decodeAddressTransaction(frame.channel, frame.data)
    expect(pushed.address).toBe('8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr')
    expect(pushed.transaction).toMatchObject({
      signature: '5PeXPtgRBocn8caZ66E3LziWxEiYdsNaRiTNUqE5BpznLKHd6GEbaxPztvwJABurxT6VuWi465Qd73YXhK7XN4kM',
      slot: '356511228',
      fee: '5000',
      status: 'SUCCESS',
      blockTime: Date.parse('2026-11-21T21:14:50.683Z'),
    })
  },
  // Observations, not frames: the decoder must refuse them rather than guess.
  'ws-duplicate-subscribe-reply.json': () => {
    expect(expectDecodeError(() => decodeServerFrame(frameText('ws-duplicate-subscribe-reply.json'))).received).toContain(
      '"observed"',
    )
  },
  'ws-unsubscribe-reply.json': () => {
    expectDecodeError(() => decodeServerFrame(frameText('ws-unsubscribe-reply.json')))
  },
  'ws-idle-timeout-close.json': () => {
    expectDecodeError(() => decodeServerFrame(frameText('ws-idle-timeout-close.json')))
  },
}

describe('wire samples of the reference deployment', () => {
  const files = readdirSync(SAMPLES)

  it('has a case for every sample file', () => {
    const httpFiles = files.filter((name) => name.startsWith('http-')).sort()
    const wsFiles = files.filter((name) => name.startsWith('ws-') && name.endsWith('.json')).sort()
    expect(Object.keys(HTTP_CASES).sort()).toEqual(httpFiles)
    expect(Object.keys(WS_CASES).sort()).toEqual(wsFiles)
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
  for (const [name, check] of Object.entries(WS_CASES)) it(name, check)
})
