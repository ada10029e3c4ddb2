import { describe, expect, it } from 'vitest'
import type { ErrorInfo, Page } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { waitFor } from '@test/support/wait-for'
import { TaskLimiter } from './backfill'
import { u64Order } from '@shared/u64-order'
import { GapFreeStream, type EventOrigin, type StreamSpec } from './gap-free-stream'
import { MemoryHeldIndex } from './held-index'

interface Item {
  id: string
  slot: string
}

/** An indexer's list of one stream: newest-first pages, an optional gate or failure before answering. */
class FakeHistory {
  readonly items: Item[] = []
  failNext = 0
  gate: Promise<void> | null = null
  requests = 0

  publish(count = 1): Item[] {
    const made: Item[] = []
    for (let index = 0; index < count; index++) {
      const n = this.items.length
      const item = { id: `s${n}`, slot: String(1000 + n) }
      this.items.push(item)
      made.push(item)
    }
    return made
  }

  fetchPage = async (cursor?: string): Promise<Page<Item>> => {
    this.requests++
    if (this.gate) await this.gate
    if (this.failNext > 0) {
      this.failNext--
      throw new ProofWatchError({ code: 'UNREACHABLE', message: 'connection refused', retryable: true })
    }
    const end = cursor === undefined ? this.items.length : Number(cursor)
    const start = Math.max(0, end - 5)
    return { items: this.items.slice(start, end).reverse(), nextCursor: start > 0 ? String(start) : null, total: null }
  }
}

function setup(overrides: Partial<StreamSpec<Item>> = {}, history = new FakeHistory(), clock = { now: 0 }) {
  const held = new MemoryHeldIndex()
  const emitted: Array<{ origin: EventOrigin; ids: string[] }> = []
  const problems: ErrorInfo[] = []
  const counts = { events: 0, duplicates: 0, backfilled: 0 }
  const stream = new GapFreeStream<Item>(
    {
      channel: 'address:A:txs',
      kind: 'tx:A',
      describe: 'transactions of A',
      idOf: (item) => item.id,
      orderOf: (item) => u64Order(item.slot),
      fetchPage: history.fetchPage,
      maxPages: 4,
      emit: (items, origin) => emitted.push({ origin, ids: items.map((i) => i.id) }),
      ...overrides,
    },
    {
      held,
      limiter: new TaskLimiter(2),
      onProblem: (problem) => problems.push(problem),
      onSyncChange: () => {},
      retryDelayMs: () => 5,
      maxBuffered: 100,
      maxBackfillMs: 60_000,
      now: () => clock.now,
      count: (counter, by = 1) => (counts[counter] += by),
    },
  )
  const ids = (origin?: EventOrigin) => emitted.filter((e) => origin === undefined || e.origin === origin).flatMap((e) => e.ids)
  const settled = () => waitFor(() => !stream.syncing)
  /** `heldBefore` items, the channel up and synced, then the channel down while `missed` more happen; returns those. */
  const gapOpened = async (heldBefore: number, missed: number) => {
    history.publish(heldBefore)
    stream.channelUp()
    await settled()
    stream.channelDown()
    return history.publish(missed)
  }
  return { stream, history, held, emitted, problems, counts, ids, settled, gapOpened }
}

describe('GapFreeStream', () => {
  it('loads the history at the first acknowledgement as initial, then hands on live events', async () => {
    const { stream, history, held, ids, settled } = setup()
    history.publish(12)
    stream.channelUp()
    await settled()
    expect(ids('initial')).toEqual(history.items.map((i) => i.id))
    const [next] = history.publish()
    stream.receive(next!)
    stream.receive(next!)
    expect(ids('live')).toEqual([next!.id])
    expect(held.size('tx:A')).toBe(13)
  })

  it('keeps as news what the socket pushed during the first sync, even when the first page also holds it', async () => {
    const { stream, history, ids, settled } = setup()
    history.publish(3)
    let release!: () => void
    history.gate = new Promise<void>((resolve) => (release = resolve))
    stream.channelUp()
    // Pushed after the subscription while the first page is being answered; that page will hold it too.
    const [pushed] = history.publish()
    stream.receive(pushed!)
    history.gate = null
    release()
    await settled()
    expect(ids('initial')).toEqual(['s0', 's1', 's2'])
    expect(ids('live')).toEqual([pushed!.id])
  })

  it('fetches what was missed while down and merges the live events of the meantime in order, each once', async () => {
    const { stream, history, ids, counts, settled, gapOpened } = setup()
    const missed = await gapOpened(3, 6)
    let release!: () => void
    history.gate = new Promise<void>((resolve) => (release = resolve))
    stream.channelUp()
    // Live while the backfill waits: the first two are also in the page about to be answered.
    const during = history.publish(2)
    for (const item of during) stream.receive(item)
    expect(ids()).toHaveLength(3)
    history.gate = null
    release()
    await settled()
    const afterwards = history.publish(1)
    stream.receive(afterwards[0]!)
    expect(ids()).toEqual(history.items.map((i) => i.id))
    expect(ids('backfill')).toEqual([...missed, ...during].map((i) => i.id))
    expect(counts.duplicates).toBe(2)
  })

  it('lets live events through while the backfill fails, says so once, and still fills the gap', async () => {
    const { stream, history, held, ids, problems, settled, gapOpened } = setup()
    const missed = await gapOpened(2, 4)
    history.failNext = 3
    stream.channelUp()
    await waitFor(() => problems.length === 1)
    const live = history.publish(2)
    for (const item of live) stream.receive(item)
    // Handed on at once, but not held yet: the next walk must not stop at them.
    expect(ids('live')).toEqual(live.map((i) => i.id))
    expect(held.has('tx:A', live[0]!.id)).toBe(false)
    await settled()
    expect(ids('backfill')).toEqual(missed.map((i) => i.id))
    expect(held.size('tx:A')).toBe(8)
    expect(problems[0]?.message).toBe(
      'Could not fetch the transactions of A missed while disconnected: connection refused; trying again',
    )
  })

  it('says exactly which slots a gap longer than its pages left out', async () => {
    const { stream, problems, ids, settled, gapOpened } = setup()
    await gapOpened(1, 40)
    stream.channelUp()
    await settled()
    // 4 pages of 5: s21..s40 fetched; s1..s20 (slots 1001..1020) are the hole.
    expect(ids('backfill')).toHaveLength(20)
    expect(problems.map((p) => p.message)).toEqual([
      'Transactions of A between slot 1000 and slot 1021 were not fetched: more were missed than 4 pages hold',
    ])
  })

  it('stops asking pages when its time is up, and says which slots are missing', async () => {
    const clock = { now: 0 }
    const history = new FakeHistory()
    let slow = false
    const fetchPage = async (cursor?: string): Promise<Page<Item>> => {
      // Once the gap is open, every page takes 25 s of the 60 s allowed: the fourth is not asked.
      if (slow) clock.now += 25_000
      return history.fetchPage(cursor)
    }
    const { stream, problems, ids, settled, gapOpened } = setup({ maxPages: 100, fetchPage }, history, clock)
    await gapOpened(1, 30)
    slow = true
    stream.channelUp()
    await settled()
    expect(ids('backfill')).toEqual(['s16', 's17', 's18', 's19', 's20', 's21', 's22', 's23', 's24', 's25', 's26', 's27', 's28', 's29', 's30'])
    expect(problems.map((p) => p.message)).toEqual([
      'Transactions of A between slot 1000 and slot 1016 were not fetched: fetching them took longer than 60 s',
    ])
  })

  it('closes a gap of many pages when it is given the pages', async () => {
    const { stream, problems, ids, settled, gapOpened } = setup({ maxPages: 100 })
    await gapOpened(1, 400)
    stream.channelUp()
    await settled()
    expect(ids('backfill')).toHaveLength(400)
    expect(problems).toEqual([])
  })

  it('says which span a stream without history missed while down', async () => {
    const clock = { now: Date.UTC(2026, 0, 1, 12, 0, 0) }
    const { stream, problems } = setup({ fetchPage: undefined }, new FakeHistory(), clock)
    stream.channelUp()
    expect(problems).toEqual([])
    stream.channelDown()
    clock.now += 12_000
    stream.channelUp()
    expect(problems.map((p) => p.message)).toEqual([
      'Transactions of A sent between 2026-01-01T12:00:00.000Z and 2026-01-01T12:00:12.000Z were not received: the indexer keeps no history of them',
    ])
  })

  it('only de-duplicates a stream without history', () => {
    const { stream, ids, counts } = setup({ fetchPage: undefined })
    stream.channelUp()
    stream.receive({ id: 'n1', slot: '1' })
    stream.receive({ id: 'n1', slot: '1' })
    stream.receive({ id: 'n2', slot: '2' })
    expect(ids('live')).toEqual(['n1', 'n2'])
    expect(counts).toMatchObject({ events: 3, duplicates: 1 })
    expect(stream.syncing).toBe(false)
  })

  it('polls: history first, then what is new since, and rejects when the server fails', async () => {
    const { stream, history, ids } = setup()
    history.publish(3)
    await stream.poll()
    history.publish(2)
    await stream.poll()
    await stream.poll()
    expect(ids('initial')).toEqual(['s0', 's1', 's2'])
    expect(ids('poll')).toEqual(['s3', 's4'])
    history.failNext = 1
    await expect(stream.poll()).rejects.toMatchObject({ code: 'UNREACHABLE' })
  })

  it('stops handing anything on once disposed', async () => {
    const { stream, history, ids } = setup()
    history.publish(3)
    let release!: () => void
    history.gate = new Promise<void>((resolve) => (release = resolve))
    stream.channelUp()
    stream.dispose()
    release()
    await new Promise((resolve) => setTimeout(resolve, 10))
    stream.receive({ id: 'x', slot: '1' })
    expect(ids()).toEqual([])
  })
})
