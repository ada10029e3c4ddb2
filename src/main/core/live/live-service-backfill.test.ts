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

describe('LiveService backfill bounds with the default tuning', () => {
  it('fetches all 10,000 transactions an address missed, 200 a page, and says nothing is missing', async () => {
    const source = new FakeTransactions()
    source.publish(150)
    const { service, transport, backfilled, problems } = watching(source)
    await waitFor(() => service.status().synced)

    transport().down()
    source.publish(10_000)
    source.limitsAsked.length = 0
    transport().up()
    await waitFor(() => service.status().synced && backfilled.length > 0)

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
    const source = new FakeTransactions()
    source.publish(10)
    const { service, transport, backfilled, problems } = watching(source)
    await waitFor(() => service.status().synced)

    transport().down()
    source.publish(25_000)
    transport().up()
    await waitFor(() => service.status().synced && backfilled.length > 0)

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
