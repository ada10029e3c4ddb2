/**
 * Hostile indexer: outages that leave gaps. Over real HTTP and WebSocket
 * against the demo indexer, an outage at a busy rate is backfilled whole on
 * every stream, with the indexer's rate limit enforced; a gap too long for
 * the bounds is named slot by slot, in the log and the view (onProblem is
 * both); a stream the indexer keeps no history of says which span it lost.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { ErrorInfo, ProofSummary } from '@shared/domain'
import { DEMO_BUSY_ADDRESSES, DEMO_WALLET } from '../../src/main/demo/catalog'
import { startDemoIndexer, type DemoIndexer } from '../../src/main/demo/server'
import { IndexerClient } from '../../src/main/core/indexer/client'
import { LiveService, type EventOrigin, type LiveServiceOptions } from '../../src/main/core/live/live-service'
import { socketPoolTransport } from '../../src/main/core/live/live-transport'
import { waitFor } from '../support/wait-for'
import { restartDemo, servicesOnDemoPerTest } from '../support/demo-outage'

const BUSY = DEMO_BUSY_ADDRESSES[0] as string
/** The rate and length of the outage the red team reproduced: 12 s at 470 proofs/s. */
const OUTAGE_PROOFS = 12 * 470

const tally = { tried: 0, survived: 0 }
afterAll(() => console.log(`hostile indexer (outage gaps): ${tally.tried} inputs, ${tally.survived} survived`))

const run = servicesOnDemoPerTest()

function watch(target: DemoIndexer, options: Partial<LiveServiceOptions> = {}) {
  const proofs: Array<{ origin: EventOrigin; items: ProofSummary[] }> = []
  const txs: Array<{ origin: EventOrigin; signature: string }> = []
  const problems: ErrorInfo[] = []
  const service = new LiveService({
    source: new IndexerClient({ baseUrl: target.httpUrl, timeoutMs: 5000 }),
    wsUrl: target.wsUrl,
    transport: socketPoolTransport({ backoffBaseMs: 20, backoffCapMs: 100, welcomeTimeoutMs: 2000 }),
    addresses: [BUSY],
    ...options,
    handlers: {
      onProofs: (items, meta) => proofs.push({ origin: meta.origin, items }),
      onAddressTransactions: (items, meta) =>
        txs.push(...items.map((item) => ({ origin: meta.origin, signature: item.transaction.signature }))),
      onNotifications: () => {},
      onProblem: (problem) => problems.push(problem),
    },
  })
  run.services.push(service)
  service.start()
  const feed = (origin: EventOrigin): string[] =>
    proofs.filter((p) => p.origin === origin).flatMap((p) => p.items.map((item) => item.proofAccount))
  return { service, problems, feed, txs }
}

/** Stops the indexer, publishes while it is down, and brings it back on the same port with the same network. */
async function outage(publish: (current: DemoIndexer) => void): Promise<DemoIndexer> {
  const current = run.indexer as DemoIndexer
  run.indexer = await restartDemo(current, { rate: 0, enforceRateLimit: true, credential: 'demo' }, () => publish(current))
  return run.indexer
}

async function survives(name: string, body: () => Promise<void>): Promise<void> {
  tally.tried++
  await body()
  tally.survived++
  void name
}

describe('hostile indexer: gaps after an outage', () => {
  it('backfills a 12 s outage at 470 proofs/s whole on the proof feed and an address, saying nothing is missing', async () => {
    await survives('outage-470/s', async () => {
      run.indexer = await startDemoIndexer({ rate: 0, seed: 5, enforceRateLimit: true })
      const live = watch(run.indexer)
      await waitFor(() => live.service.status().synced)
      const reconnects = live.service.status().socket.reconnects
      const missedProofs: string[] = []
      const missedTxs: string[] = []
      await outage((down) => {
        for (let i = 0; i < OUTAGE_PROOFS; i++) missedProofs.push(down.network.publishProof().proof.proofAccount)
        for (let i = 0; i < 300; i++) missedTxs.push(down.network.publishTransaction({ feePayer: BUSY }).signature)
      })
      await waitFor(
        () => live.service.status().synced && live.service.status().socket.reconnects > reconnects && live.feed('backfill').length > 0,
        30_000,
      )
      expect(live.feed('backfill')).toEqual(missedProofs)
      // Proofs published meanwhile may carry the address too: every transaction it missed, each once.
      const backfilledTxs = live.txs.filter((t) => t.origin === 'backfill').map((t) => t.signature)
      expect(backfilledTxs).toEqual(expect.arrayContaining(missedTxs))
      expect(new Set(backfilledTxs).size).toBe(backfilledTxs.length)
      const before = new Set(live.txs.filter((t) => t.origin !== 'backfill').map((t) => t.signature))
      expect(backfilledTxs.some((signature) => before.has(signature))).toBe(false)
      expect(live.problems).toEqual([])
    })
  })

  it('names the exact slot range a gap longer than its bounds left out, on every stream with history', async () => {
    await survives('gap-beyond-bounds', async () => {
      run.indexer = await startDemoIndexer({ rate: 0, seed: 6, credential: 'demo' })
      const live = watch(run.indexer, {
        backfill: { pageSize: 50, maxPages: 2, feedMaxPages: 2 },
        userChannels: true,
        userAuthority: DEMO_WALLET,
        headers: () => ({ cookie: 'zkhelios_session=demo' }),
      })
      await waitFor(() => live.service.status().synced)
      const before = run.indexer.network
      const newestSlotBefore = BigInt(before.publishProof({ authority: DEMO_WALLET }).proof.slot)
      await waitFor(() => live.feed('live').length === 1)
      await outage((down) => {
        // A second apart, so that the slots of the hole differ from those fetched.
        const start = Date.now() + 1000
        for (let i = 0; i < 300; i++) {
          down.network.publishProof({ authority: DEMO_WALLET, at: start + i * 1000 })
          down.network.publishTransaction({ feePayer: BUSY, at: start + i * 1000 })
        }
      })
      await waitFor(() => live.problems.length >= 3 && live.service.status().synced, 30_000)
      const messages = live.problems.map((p) => p.message)
      const rangeOf = (text: string): [bigint, bigint] | null => {
        const match = /between slot (\d+) and slot (\d+) were not fetched: more were missed than 2 pages hold/.exec(text)
        return match ? [BigInt(match[1] as string), BigInt(match[2] as string)] : null
      }
      for (const stream of ['Proofs of the live feed', 'Proofs of your wallet', `Transactions of ${BUSY}`]) {
        const message = messages.find((m) => m.startsWith(stream))
        expect(message, `${stream} in ${JSON.stringify(messages)}`).toBeDefined()
        const range = rangeOf(message as string)
        expect(range).not.toBeNull()
        // From what the stream held before the outage to the oldest it fetched after it.
        const [from, to] = range as [bigint, bigint]
        expect(from).toBeLessThanOrEqual(newestSlotBefore)
        expect(to).toBeGreaterThan(newestSlotBefore)
      }
      // The notifications stream has no history to fetch: it says which span went unheard.
      expect(messages.some((m) => /^Notifications sent between .* were not received/.test(m))).toBe(true)
    })
  })
})
