/** Variants of the wire format the reference deployment does not send, but others may. */
import { describe, expect, it } from 'vitest'
import {
  decodeErrorBody,
  decodeLeaderboard,
  decodeNotification,
  decodeOverview,
  decodeProof,
  decodeProofPage,
  decodeProofSummary,
  decodeSeries,
  decodeTransaction,
  decodeTransactionDetail,
  decodeTransactionPage,
  parseJsonText,
} from './decode'
import { decodeCircuitCatalog, decodeCircuitDetail, decodeCircuitList, decodePublicProfile } from './decode'
import { loadSample } from '@test/support/demo-wire'
import { thrown } from '@test/support/caught'

const ACCOUNT = '7SMNejr6dAYhXGkW9ZsMD4XAD3ZetxsCT7wWUqyYJCWR'
const SIGNATURE = '4npGHnNW4DMeQ6YUDaaddFxXcVq8W64D3qbboMkKTY4yJuTM1QhTT55FT6UTcKn7xK6G4cPn5GaR81X7ow1jPUhX'
const ISO = '2026-11-21T20:48:50.485Z'
const MS = Date.parse(ISO)

function proofRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    proofAccount: ACCOUNT,
    signature: SIGNATURE,
    authority: '75YXdFZXPc45Np3LD5T8a1XG4YHTNYWz5qTyFjN5pdxj',
    circuitId: 4,
    circuitName: 'membership_proof',
    proofType: 'MEMBERSHIP',
    publicInputs: { nullifier: '0xa0' },
    verified: true,
    verifiedAt: ISO,
    slotVerified: '356507327',
    revoked: false,
    ...overrides,
  }
}

function txRecord(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    signature: SIGNATURE,
    slot: '356507327',
    blockTime: ISO,
    fee: '5000',
    feePayer: '75YXdFZXPc45Np3LD5T8a1XG4YHTNYWz5qTyFjN5pdxj',
    status: 'SUCCESS',
    computeUnits: 150,
    programIds: ['11111111111111111111111111111111'],
    ...overrides,
  }
}

describe('envelopes', () => {
  it('reads a proof bare, under "proof", under "data" and nested', () => {
    for (const body of [
      proofRecord(),
      { ok: true, proof: proofRecord() },
      { data: proofRecord() },
      { data: { proof: proofRecord() } },
    ]) {
      const proof = decodeProof(body)
      expect(proof.proofAccount).toBe(ACCOUNT)
      expect(proof.slotVerified).toBe('356507327')
      expect(proof.raw).toEqual(proofRecord())
    }
  })

  it('reads a page as {items}, {data: [...]}, {data: {items}} and a bare list', () => {
    const items = [proofRecord(), proofRecord({ proofAccount: 'GSPykNSqcRYryzPVtFWet2jJpx7GjZoPs2ExTc7uoPEz' })]
    const pages = [
      decodeProofPage({ ok: true, items, nextCursor: 'abc', total: 300 }),
      decodeProofPage({ data: items, nextCursor: 'abc', total: '300' }),
      decodeProofPage({ data: { items, nextCursor: 'abc', total: 300 } }),
    ]
    for (const page of pages) {
      expect(page.items.map((proof) => proof.proofAccount)).toEqual([ACCOUNT, 'GSPykNSqcRYryzPVtFWet2jJpx7GjZoPs2ExTc7uoPEz'])
      expect(page.nextCursor).toBe('abc')
      expect(page.total).toBe('300')
    }
    expect(decodeProofPage(items)).toMatchObject({ nextCursor: null, total: null })
    expect(decodeTransactionPage({ items: [txRecord()], nextCursor: '', total: null })).toMatchObject({
      nextCursor: null,
      total: null,
    })
  })

  it('reads the overview bare or under "data", and a transaction under "data"', () => {
    expect(decodeOverview({ tps: 1, slot: 5 }).slot).toBe('5')
    expect(decodeOverview({ data: { tps: 1, slot: '6' } }).slot).toBe('6')
    expect(decodeTransaction({ data: txRecord() }).signature).toBe(SIGNATURE)
  })

  it('reports an ok:false body as the server error it is', () => {
    const error = thrown(() => decodeProof({ ok: false, code: 'INTERNAL', error: 'database down' }))
    expect(error).toMatchObject({ code: 'HTTP', serverCode: 'INTERNAL', message: 'database down' })
  })
})

describe('values', () => {
  it('reads 64-bit values given as numbers or strings, exact above 2^53', () => {
    expect(decodeProof(proofRecord({ slotVerified: 356507327 })).slotVerified).toBe('356507327')
    expect(decodeProof(proofRecord({ slotVerified: '18446744073709551615' })).slotVerified).toBe('18446744073709551615')
    const body = parseJsonText(`{"signature":"${SIGNATURE}","slot":18446744073709551615,"fee":9007199254740993}`, 'x')
    expect(decodeTransaction(body)).toMatchObject({ slot: '18446744073709551615', fee: '9007199254740993' })
  })

  it('keeps counts above 2^53 exact: overview counts, leaderboard counts, compute units', () => {
    const overview = parseJsonText('{"stats":{"slot":1,"proofs24h":9007199254740993,"activeUsers24h":18446744073709551615}}', 'x')
    expect(decodeOverview(overview)).toMatchObject({ proofs24h: '9007199254740993', activeUsers24h: '18446744073709551615' })
    const board = parseJsonText('{"leaderboard":[{"pubkey":"A1","proofCount":9007199254740993}]}', 'x')
    expect(decodeLeaderboard(board)[0]!.proofCount).toBe('9007199254740993')
    const tx = parseJsonText(`{"signature":"${SIGNATURE}","computeUnits":18446744073709551615}`, 'x')
    expect(decodeTransaction(tx).computeUnits).toBe('18446744073709551615')
  })

  it('turns unusable optional 64-bit values into null and keeps them in raw', () => {
    const tx = decodeTransaction(txRecord({ slot: 12.5, fee: 'lots' }))
    expect(tx).toMatchObject({ slot: null, fee: null })
    expect(tx.raw.fee).toBe('lots')
  })

  it('upper-cases lower-case enums and keeps unknown ones', () => {
    expect(decodeProof(proofRecord({ proofType: 'balance' })).proofType).toBe('BALANCE')
    expect(decodeProof(proofRecord({ proofType: 'Quantum' })).proofType).toBe('QUANTUM')
    expect(decodeTransaction(txRecord({ status: 'failed' })).status).toBe('FAILED')
    expect(decodeTransaction(txRecord({ status: 'pending' })).status).toBe('PENDING')
  })

  it('reads timestamps as ISO text, epoch seconds and epoch milliseconds', () => {
    expect(decodeProof(proofRecord({ verifiedAt: ISO })).verifiedAt).toBe(MS)
    expect(decodeProof(proofRecord({ verifiedAt: MS })).verifiedAt).toBe(MS)
    expect(decodeProof(proofRecord({ verifiedAt: Math.floor(MS / 1000) })).verifiedAt).toBe(Math.floor(MS / 1000) * 1000)
    expect(decodeTransaction(txRecord({ blockTime: String(MS) })).blockTime).toBe(MS)
    expect(decodeTransaction(txRecord({ blockTime: null })).blockTime).toBeNull()
  })

  it('reads a circuit id given as a number or a string', () => {
    expect(decodeProof(proofRecord({ circuitId: 7 })).circuitId).toBe('7')
    expect(decodeProof(proofRecord({ circuitId: 'zk-age-v2' })).circuitId).toBe('zk-age-v2')
    expect(decodeProof(proofRecord({ circuitId: null })).circuitId).toBeNull()
  })

  it('keeps unknown fields in extra and the record as received in raw', () => {
    const record = proofRecord({ chain: 'devnet', score: { a: 1 } })
    const proof = decodeProof({ ok: true, proof: record })
    expect(proof.extra).toEqual({ chain: 'devnet', score: { a: 1 } })
    expect(proof.raw).toBe(record)
    const tx = decodeTransaction(txRecord({ memo: 'hi' }))
    expect(tx.extra).toEqual({ memo: 'hi' })
  })

  it('fills absent optional fields with null or empty values', () => {
    const proof = decodeProof({ proofAccount: ACCOUNT })
    expect(proof).toMatchObject({
      signature: null,
      circuitId: null,
      proofType: null,
      publicInputs: {},
      verified: null,
      verifiedAt: null,
      slotVerified: null,
      revoked: null,
      extra: {},
    })
    const detail = decodeTransactionDetail({ transaction: { signature: SIGNATURE } })
    expect(detail).toMatchObject({ programIds: [], logs: [], instructions: [], errorMessage: null, blockTime: null })
  })
})

describe('malformed bodies', () => {
  it('reports a proof without proofAccount as DECODE with what arrived', () => {
    const error = thrown(() => decodeProof({ ok: true, proof: { signature: SIGNATURE } }))
    expect(error.code).toBe('DECODE')
    expect(error.message).toContain('proofAccount')
    expect(error.received).toContain(SIGNATURE.slice(0, 20))
  })

  it('names the field that failed and what it should have been', () => {
    expect(thrown(() => decodeProof({ proofAccount: '  ' })).message).toBe('Expected a proof with proofAccount as a non-empty string')
    // A lenient field never fails: what it cannot use is null, and the raw record keeps it.
    const proof = decodeProof({ proofAccount: 'P', verifiedAt: 'not a time', verified: 'perhaps' })
    expect(proof).toMatchObject({ proofAccount: 'P', verifiedAt: null, verified: null, raw: { verifiedAt: 'not a time', verified: 'perhaps' } })
  })

  it('reports wrong types as DECODE', () => {
    expect(thrown(() => decodeProof(proofRecord({ proofAccount: 42 }))).code).toBe('DECODE')
    expect(thrown(() => decodeProof('a string')).code).toBe('DECODE')
    expect(thrown(() => decodeProof(null)).code).toBe('DECODE')
    const page = thrown(() => decodeProofPage({ ok: true, items: 'none', nextCursor: null }))
    expect(page).toMatchObject({ code: 'DECODE', received: expect.stringContaining('"items":"none"') })
    expect(thrown(() => decodeTransaction(txRecord({ signature: '' }))).code).toBe('DECODE')
  })

  it('names the item that failed in a page', () => {
    const error = thrown(() => decodeProofPage({ items: [proofRecord(), { proofAccount: null, x: 1 }] }))
    expect(error.code).toBe('DECODE')
    expect(error.message).toContain('item 1')
    expect(error.received).toBe('{"proofAccount":null,"x":1}')
  })

  it('reports text that is not JSON as DECODE', () => {
    const error = thrown(() => parseJsonText('not json at all', 'the response body'))
    expect(error).toMatchObject({ code: 'DECODE', received: 'not json at all' })
  })
})

describe('series', () => {
  const query = { metric: 'proofs', period: '24h' } as const

  it('reads a bare list, [t, value] pairs, seconds, and sorts by time', () => {
    const series = decodeSeries(
      [
        [1795210457, '3'],
        { t: '2026-11-21T20:48:50.485Z', value: 5 },
        { t: 1795210456461, value: 2.5 },
      ],
      query,
      'proofs24h',
    )
    expect(series).toEqual({
      metric: 'proofs',
      serverMetric: 'proofs24h',
      period: '24h',
      points: [
        { t: 1795210456461, value: 2.5 },
        { t: 1795210457000, value: 3 },
        { t: MS, value: 5 },
      ],
    })
  })

  it('takes the metric the server echoes', () => {
    expect(decodeSeries({ data: { metric: 'tps', points: [] } }, query).serverMetric).toBe('tps')
  })

  it('reports a point without a time as DECODE', () => {
    const error = thrown(() => decodeSeries({ data: [{ t: 'soon', value: 1 }] }, query))
    expect(error).toMatchObject({ code: 'DECODE', message: expect.stringContaining('t as a timestamp') })
  })
})

describe('leaderboard', () => {
  it('ranks entries in order and reads counts given as text', () => {
    const entries = decodeLeaderboard([
      { pubkey: 'A1', proofCount: '9', badge: 'gold' },
      { pubkey: 'B2', proofCount: 3 },
    ])
    expect(entries).toEqual([
      { rank: 1, pubkey: 'A1', proofCount: '9', raw: { pubkey: 'A1', proofCount: '9', badge: 'gold' }, extra: { badge: 'gold' } },
      { rank: 2, pubkey: 'B2', proofCount: '3', raw: { pubkey: 'B2', proofCount: 3 }, extra: {} },
    ])
  })

  it('reports an entry without pubkey as DECODE', () => {
    expect(thrown(() => decodeLeaderboard({ leaderboard: [{ proofCount: 1 }] })).code).toBe('DECODE')
  })
})

describe('overview', () => {
  it('uses the server timestamp when sent, else the receive time', () => {
    expect(decodeOverview({ stats: { tps: 1, timestamp: 1795210457 } }, 9).observedAt).toBe(1795210457000)
    expect(decodeOverview({ stats: { tps: 1 } }, 9).observedAt).toBe(9)
  })

  it('reads epoch, numbers given as text, and keeps unknown fields', () => {
    const overview = decodeOverview({ stats: { tps: '12.5', epoch: 830, slot: 'x', status: 'Degraded', region: 'eu' } })
    expect(overview).toMatchObject({ tps: 12.5, epoch: '830', slot: null, status: 'DEGRADED', extra: { region: 'eu' } })
  })
})

describe('transaction detail', () => {
  it('reads instruction accounts given as objects and fills missing indexes', () => {
    const detail = decodeTransactionDetail({
      transaction: txRecord({
        errorMessage: 'boom',
        logs: ['a', 7, 'b'],
        instructions: [{ programId: 'P1', accounts: [{ pubkey: 'K1', isSigner: true }, 'K2'] }, 'opaque'],
      }),
    })
    expect(detail.logs).toEqual(['a', 'b'])
    expect(detail.instructions).toEqual([
      { index: 0, programId: 'P1', accounts: ['K1', 'K2'], decoded: null },
      { index: 1, programId: null, accounts: [], decoded: 'opaque' },
    ])
    expect(detail.errorMessage).toBe('boom')
  })
})

describe('proof summaries and notifications', () => {
  it('reads a full proof record pushed instead of a summary', () => {
    expect(decodeProofSummary(proofRecord())).toMatchObject({ proofAccount: ACCOUNT, slot: '356507327', circuitId: '4' })
  })

  it('turns the wire type into the kind, upper-cased', () => {
    const notification = decodeNotification({ id: 12, type: 'proof_verified', body: 'ok', seen: false }, 5)
    expect(notification).toEqual({
      id: '12',
      kind: 'PROOF_VERIFIED',
      title: 'PROOF_VERIFIED',
      body: 'ok',
      receivedAt: 5,
      read: false,
      raw: { id: 12, type: 'proof_verified', body: 'ok', seen: false },
      extra: { seen: false },
    })
  })

  it('reports a notification without id as DECODE', () => {
    expect(thrown(() => decodeNotification({ type: 'SYSTEM', title: 't' }, 1)).code).toBe('DECODE')
  })
})

describe('decodeErrorBody', () => {
  it('reads a JSON error with code and message', () => {
    expect(decodeErrorBody(500, '{"ok":false,"code":"INTERNAL","error":"boom","stack":"at x"}', 'application/json')).toEqual({
      code: 'HTTP',
      status: 500,
      serverCode: 'INTERNAL',
      message: 'boom',
      retryable: true,
    })
    expect(decodeErrorBody(429, '{"ok":false,"code":"RATE_LIMITED","error":"slow down"}', null)).toMatchObject({
      code: 'RATE_LIMITED',
      retryable: true,
    })
    expect(decodeErrorBody(400, '{"error":{"code":"BAD","message":"nested"}}', 'application/json')).toMatchObject({
      serverCode: 'BAD',
      message: 'nested',
    })
  })

  it('reads text, HTML and empty bodies', () => {
    expect(decodeErrorBody(502, 'upstream\n  failed', 'text/plain')).toEqual({
      code: 'HTTP',
      status: 502,
      message: 'upstream failed',
      retryable: true,
    })
    const html = decodeErrorBody(503, '<html><body>Service Unavailable</body></html>', 'text/html')
    expect(html).toMatchObject({ message: 'HTTP 503 Service Unavailable', received: expect.stringContaining('<html>') })
    expect(decodeErrorBody(404, '', null)).toEqual({ code: 'NOT_FOUND', status: 404, message: 'HTTP 404 Not Found', retryable: false })
  })

  it('keeps a JSON body without a message as what arrived', () => {
    expect(decodeErrorBody(400, '{"detail":42}', 'application/json')).toMatchObject({
      message: 'HTTP 400 Bad Request',
      received: '{"detail":42}',
    })
  })
})

/** The first circuit the reference lists, as the list decoder reads it; the catalog reads more of it. */
const FIRST_LISTED_CIRCUIT = {
  id: '1',
  name: 'balance_proof',
  proofType: 'BALANCE',
  description: 'Prove a token balance is at least a public threshold without revealing it.',
  enabled: true,
}

describe('the circuit list (names for proofs)', () => {
  it('decodes the reference deployment list', () => {
    const circuits = decodeCircuitList(loadSample('http-circuits-list').body)
    expect(circuits[0]).toEqual(FIRST_LISTED_CIRCUIT)
    expect(() => decodeCircuitList({ ok: true, circuits: [{ name: 'x' }] })).toThrow(/circuit list, item 0/)
  })
})

describe('the circuit catalog (the Circuits view)', () => {
  it('reads every field the reference lists, and the verifying key of one circuit', () => {
    const listed = decodeCircuitCatalog(loadSample('http-circuits-list').body)
    expect(listed[0]).toEqual({ ...FIRST_LISTED_CIRCUIT, publicInputCount: 2, registeredSlot: '437836745' })
    const detail = decodeCircuitDetail(loadSample('http-circuits-detail').body)
    expect(detail).toMatchObject({ id: '4', name: 'membership_proof', publicInputCount: 1, enabled: true, registeredSlot: '440428745' })
    expect(detail.verifyingKey).toMatch(/^d13b03cc[0-9a-f]+$/)
  })

  it('keeps a circuit whose optional fields are missing or odd, and refuses one without an id', () => {
    expect(decodeCircuitCatalog({ circuits: [{ id: 9, enabled: 'yes?', publicInputCount: 'many' }] })).toEqual([
      { id: '9', name: null, proofType: null, description: null, publicInputCount: null, enabled: null, registeredSlot: null },
    ])
    expect(decodeCircuitDetail({ circuit: { id: 9 } }).verifyingKey).toBeNull()
    expect(() => decodeCircuitCatalog({ circuits: [{ name: 'x' }] })).toThrow(/circuit/)
  })
})

describe('a public profile', () => {
  it('reads the reference\'s profile, and a profile without a name', () => {
    expect(decodePublicProfile(loadSample('http-get-users-pubkey').body)).toEqual({
      pubkey: 'Hy7JnnvxCBm766tHcey3MsWpijWwVQazEuwc2ULiyQPu',
      displayName: 'ref_tester',
      joinedAt: Date.parse('2026-10-23T05:03:56.580Z'),
      proofCount: '93',
    })
    expect(decodePublicProfile({ profile: { pubkey: 'Hy7JnnvxCBm766tHcey3MsWpijWwVQazEuwc2ULiyQPu', displayName: null } }).displayName).toBeNull()
  })
})
