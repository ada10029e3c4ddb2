/**
 * How much LiveService fetches after an outage with its default tuning:
 * pages of the indexer's largest size, and enough of them that a busy
 * address's 10,000 missed transactions come back whole; beyond the bound it
 * says what it could not fetch.
 */
import { describe, expect, it } from 'vitest'
import type { ErrorInfo, Overview, Page, Transaction, TransactionQuery } from '@shared/domain'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SwitchedTransport } from '@test/support/switched-transport'
import { waitFor } from '@test/support/wait-for'
import { decodeOverview } from '../indexer/decode'
import { LiveService, type EmitMeta, type LiveSource } from './live-service'

const ADDRESS = '5nrh6VUPWsW3TMbN67R1jdbUPF96urdWxxMXAGJgshmy'
const OVERVIEW_SAMPLE = JSON.parse(readFileSync(join(import.meta.dirname, '../../../../test/fixtures/wire-samples/http-stats-overview.json'), 'utf8')) as { body: unknown }
/** The most items the indexer's lists return in one page. */
const API_PAGE_LIMIT = 200

/** An indexer's transaction list for one address: newest first, cursors as offsets, pages capped as the API caps them. */
class FakeTransactions implements LiveSource {
  private readonly items: Transaction[] = []
  readonly limitsAsked: number[] = []

  publish(count: number): void {
    for (let index = 0; index < count; index++) {
      const n = this.items.length
      const signature = `${n}`.padStart(64, 'A')
      this.items.push({
        signature,
        slot: String(1_000 + n),
        blockTime: 1_700_000_000_000 + n,
        fee: '5000',
        feePayer: ADDRESS,
        status: 'SUCCESS',
        computeUnits: '100',
        programIds: [],
        raw: { signature },
        extra: {},
      })
    }
  }

  async transactions(query: TransactionQuery): Promise<Page<Transaction>> {
    const limit = Math.min(query.limit ?? 50, API_PAGE_LIMIT)
    this.limitsAsked.push(query.limit ?? 50)
    const newestFirst = [...this.items].reverse()
    const start = query.cursor === undefined ? 0 : Number(query.cursor)
    const page = newestFirst.slice(start, start + limit)
    return { items: page, nextCursor: start + limit < newestFirst.length ? String(start + limit) : null, total: null }
  }

  /** Read while no stats event has come, as on an indexer that pushes them once a minute. */
  async overview(): Promise<Overview> {
    return decodeOverview(OVERVIEW_SAMPLE.body, Date.now())
  }

  async proofs(): Promise<Page<never>> {
    return { items: [], nextCursor: null, total: null }
  }

  async proofsByCircuit(): Promise<Page<never>> {
    return { items: [], nextCursor: null, total: null }
  }
}

function watching(source: FakeTransactions) {
  let transport: SwitchedTransport | null = null
  const backfilled: string[] = []
  const problems: ErrorInfo[] = []
  const service = new LiveService({
    source,
    wsUrl: 'ws://127.0.0.1:1/ws',
    addresses: [ADDRESS],
    transport: (config, handlers) => (transport = new SwitchedTransport(config, handlers)),
    handlers: {
      onAddressTransactions: (items, meta: EmitMeta) => {
        if (meta.origin === 'backfill') backfilled.push(...items.map((item) => item.transaction.signature))
      },
      onProblem: (problem) => problems.push(problem),
    },
  })
  service.start()
  return { service, transport: () => transport as SwitchedTransport, backfilled, problems }
}

/**
 * An address watched with `held` transactions, then an outage in which
 * `missed` more happen; resolves once the socket is back and the backfill
 * is handed on. `limitsAsked` counts only the backfill's reads.
 */
async function backfilledAfterOutage(held: number, missed: number) {
  const source = new FakeTransactions()
  source.publish(held)
  const watched = watching(source)
  await waitFor(() => watched.service.status().synced)

  watched.transport().down()
  source.publish(missed)
  source.limitsAsked.length = 0
  watched.transport().up()
  await waitFor(() => watched.service.status().synced && watched.backfilled.length > 0)
  return { source, ...watched }
}

describe('LiveService backfill bounds with the default tuning', () => {
  it('fetches all 10,000 transactions an address missed, 200 a page, and says nothing is missing', async () => {
    const { source, service, backfilled, problems } = await backfilledAfterOutage(150, 10_000)
    expect(backfilled).toHaveLength(10_000)
    expect(new Set(backfilled).size).toBe(10_000)
    // Oldest first, as they happened.
    expect(backfilled[0]).toBe(`${150}`.padStart(64, 'A'))
    expect(source.limitsAsked.every((limit) => limit === API_PAGE_LIMIT)).toBe(true)
    // 50 full pages, and the one that reaches what was held before.
    expect(source.limitsAsked).toHaveLength(51)
    expect(problems).toEqual([])
    service.stop()
  })

  it('stops at 20,000 after a longer outage and says the oldest were not fetched', async () => {
    const { service, backfilled, problems } = await backfilledAfterOutage(10, 25_000)
    expect(backfilled).toHaveLength(20_000)
    // The newest 20,000: the gap left is at the old end.
    expect(backfilled[backfilled.length - 1]).toBe(`${25_009}`.padStart(64, 'A'))
    expect(problems.map((problem) => problem.message)).toEqual([
      // Slots 1000..1009 were held; the oldest fetched is 1000 + 5,010.
      `Transactions of ${ADDRESS} between slot 1009 and slot 6010 were not fetched: more were missed than 100 pages hold`,
    ])
    service.stop()
  })
})
