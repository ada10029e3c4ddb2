import type {
  ConnectionState,
  LeaderboardEntry,
  Overview,
  Page,
  Proof,
  ProofSummary,
  Series,
  SeriesPeriod,
  Transaction,
  TransactionDetail,
} from '@shared/domain'

/** Base58-looking ids of realistic length, distinct per `n`. */
export function account(n: number): string {
  return `Acct${String(n).padStart(4, '0')}xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx`.slice(0, 44)
}

export function signature(n: number): string {
  return `Sig${String(n).padStart(5, '0')}${'y'.repeat(80)}`
}

export function makeConnection(overrides: {
  demo?: boolean
  httpUrl?: string
  http?: ConnectionState['http']['state']
  socket?: ConnectionState['socket']['state']
  reason?: string | null
} = {}): ConnectionState {
  return {
    indexer: { demo: overrides.demo ?? true, httpUrl: overrides.httpUrl ?? 'http://127.0.0.1:4100', wsUrl: 'ws://127.0.0.1:4100/ws' },
    http: { state: overrides.http ?? 'ok', lastOkAt: 1_700_000_000_000, lastError: null },
    socket: {
      state: overrides.socket ?? 'live',
      reason: overrides.reason ?? null,
      nextRetryAt: null,
      since: 1_700_000_000_000,
      reconnects: 0,
      lastEventAt: null,
    },
    channels: [],
  }
}

export function makeOverview(overrides: Partial<Overview> = {}): Overview {
  return {
    tps: 1234.5,
    slot: '287654321',
    epoch: '665',
    totalProofs: '18446744073709551615',
    proofs24h: '4321',
    avgVerifyTimeMs: 182.4,
    activeUsers24h: '77',
    rpcLatencyMs: 41,
    status: 'online',
    observedAt: 1_700_000_000_000,
    raw: {},
    extra: {},
    ...overrides,
  }
}

export function makeSeries(period: SeriesPeriod, count = 3): Series {
  const start = 1_700_000_000_000
  return {
    metric: 'proofs',
    serverMetric: 'proofs24h',
    period,
    points: Array.from({ length: count }, (_, i) => ({ t: start + i * 3_600_000, value: 10 + i })),
  }
}

export function makeLeaderboard(count = 3): LeaderboardEntry[] {
  return Array.from({ length: count }, (_, i) => ({
    rank: i + 1,
    pubkey: account(900 + i),
    proofCount: String(100 - i),
    raw: {},
    extra: {},
  }))
}

export function makeProof(n: number, overrides: Partial<Proof> = {}): Proof {
  return {
    proofAccount: account(n),
    signature: signature(n),
    authority: account(500),
    circuitId: `circuit-${n % 3}`,
    circuitName: `Circuit ${n % 3}`,
    proofType: 'BALANCE',
    publicInputs: { threshold: '1000', mint: 'So11111111111111111111111111111111111111112' },
    verified: true,
    verifiedAt: 1_700_000_000_000 + n * 1_000,
    slotVerified: String(287_000_000 + n),
    revoked: false,
    raw: { proofAccount: account(n) },
    extra: {},
    ...overrides,
  }
}

export function makeProofSummary(n: number): ProofSummary {
  return {
    proofAccount: account(n),
    authority: account(500),
    circuitId: 'circuit-1',
    proofType: 'AGE',
    slot: String(287_000_000 + n),
    raw: {},
    extra: {},
  }
}

export function makeTransaction(n: number, overrides: Partial<Transaction> = {}): Transaction {
  return {
    signature: signature(n),
    slot: String(287_000_000 + n),
    blockTime: 1_700_000_000_000 + n * 1_000,
    fee: '5000',
    feePayer: account(500),
    status: 'SUCCESS',
    computeUnits: '12345',
    programIds: ['ZkProgram111111111111111111111111111111111'],
    raw: { signature: signature(n) },
    extra: {},
    ...overrides,
  }
}

export function makeTransactionDetail(n: number, overrides: Partial<TransactionDetail> = {}): TransactionDetail {
  return {
    ...makeTransaction(n),
    errorMessage: null,
    logs: ['Program ZkProgram invoke [1]', 'Program ZkProgram success'],
    instructions: [{ index: 0, programId: 'ZkProgram111111111111111111111111111111111', accounts: [account(1)], decoded: { kind: 'verify' } }],
    ...overrides,
  }
}

/** Splits `items` into pages of `size` with cursors "c1", "c2", …; the last page has nextCursor null. */
export function pagesOf<T>(items: T[], size: number, total: string | null = String(items.length)): Map<string | undefined, Page<T>> {
  const pages = new Map<string | undefined, Page<T>>()
  for (let start = 0, index = 0; start < items.length || index === 0; start += size, index++) {
    const cursor = index === 0 ? undefined : `c${index}`
    const hasMore = start + size < items.length
    pages.set(cursor, { items: items.slice(start, start + size), nextCursor: hasMore ? `c${index + 1}` : null, total })
  }
  return pages
}
