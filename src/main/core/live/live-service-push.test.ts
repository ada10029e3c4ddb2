/**
 * Liveness measured, not assumed: a LiveService on an indexer whose address
 * channel is accepted but silent (as the reference's, docs/wire.md) finds
 * that out from a head read, polls the address, and hands what it finds on
 * once; when the indexer starts pushing, the next event says so and polling
 * stops; a verdict learned once is remembered for that indexer.
 */
import { describe, expect, it } from 'vitest'
import type { Page, Transaction, TransactionQuery } from '@shared/domain'
import { SwitchedTransport } from '@test/support/switched-transport'
import { waitFor } from '@test/support/wait-for'
import { decodeTransaction } from '../indexer/decode'
import { LiveService, type EmitMeta, type LiveSource } from './live-service'
import { createPushMemory, type PushMemory } from './push-watch'

const ADDRESS = '5nrh6VUPWsW3TMbN67R1jdbUPF96urdWxxMXAGJgshmy'
const CHANNEL = `address:${ADDRESS}:txs`

function wireTransaction(n: number): Record<string, unknown> {
  return {
    signature: `${n}`.padStart(64, 'B'),
    slot: String(2_000 + n),
    blockTime: new Date(1_700_000_000_000 + n * 1000).toISOString(),
    fee: '5000',
    feePayer: ADDRESS,
    status: 'SUCCESS',
    computeUnits: 100,
    programIds: [],
  }
}

/** One address's list over HTTP: newest first; `limits` records each page size asked. */
class Listed implements LiveSource {
  readonly wire: Record<string, unknown>[] = []
  readonly limits: number[] = []

  publish(): Record<string, unknown> {
    const item = wireTransaction(this.wire.length)
    this.wire.push(item)
    return item
  }

  async transactions(query: TransactionQuery): Promise<Page<Transaction>> {
    this.limits.push(query.limit ?? 50)
    const items = [...this.wire].reverse().slice(0, query.limit ?? 50).map((item) => decodeTransaction(item))
    return { items, nextCursor: null, total: null }
  }

  async overview(): Promise<never> {
    throw new Error('no overview here')
  }

  async proofs(): Promise<Page<never>> {
    return { items: [], nextCursor: null, total: null }
  }

  async proofsByCircuit(): Promise<Page<never>> {
    return { items: [], nextCursor: null, total: null }
  }
}

function watching(source: Listed, memory: PushMemory = createPushMemory()) {
  let transport: SwitchedTransport | null = null
  const arrived: Array<{ signature: string; origin: string }> = []
  const service = new LiveService({
    source,
    wsUrl: 'ws://127.0.0.1:1/ws',
    addresses: [ADDRESS],
    pushMemory: memory,
    indexerKey: 'http://indexer.test',
    pushGraceMs: 100,
    addressPollMs: 40,
    overviewPollMs: 3_600_000,
    transport: (config, handlers) => (transport = new SwitchedTransport(config, handlers)),
    handlers: {
      onAddressTransactions: (items, meta: EmitMeta) => {
        for (const item of items) arrived.push({ signature: item.transaction.signature, origin: meta.origin })
      },
    },
  })
  service.start()
  const addressFollowing = () => service.status().following.find((f) => f.kind === 'address')
  return { service, transport: () => transport as SwitchedTransport, arrived, addressFollowing }
}

describe('LiveService measures whether addresses are pushed', () => {
  it('detects a silent address channel, polls it, and notices when it starts pushing', async () => {
    const source = new Listed()
    source.publish()
    const { service, transport, arrived, addressFollowing } = watching(source)
    await waitFor(() => service.status().synced)
    // Not known yet: polled, and said so.
    expect(service.pushVerdict('address')).toBe('unknown')
    expect(addressFollowing()).toMatchObject({ how: 'polled', reason: 'not yet seen pushed by this indexer' })

    // Listed over HTTP, never sent on the socket: found by a small head read, then the verdict.
    const first = source.publish()
    await waitFor(() => arrived.some((a) => a.signature === first.signature))
    expect(arrived.filter((a) => a.signature === first.signature)).toEqual([{ signature: first.signature, origin: 'poll' }])
    expect(source.limits).toContain(5)
    await waitFor(() => service.pushVerdict('address') === 'not-pushed')
    expect(addressFollowing()).toMatchObject({ how: 'polled', intervalMs: 40, reason: 'this indexer does not push it' })
    expect(addressFollowing()!.addresses.map((a) => a.address)).toEqual([ADDRESS])

    // The indexer starts pushing: its first event says so, polling stops, nothing arrives twice.
    const pushed = source.publish()
    transport().handlers.onEvent(CHANNEL, pushed)
    expect(service.pushVerdict('address')).toBe('pushed')
    expect(addressFollowing()).toMatchObject({ how: 'pushed', addresses: [] })
    expect(arrived.filter((a) => a.signature === pushed.signature)).toHaveLength(1)
    expect(arrived.find((a) => a.signature === pushed.signature)?.origin).toBe('live')
    service.stop()
  })

  it('remembers per indexer what it learned: the next session starts on the instant path without address polls', async () => {
    const memory = createPushMemory()
    memory.set('http://indexer.test', 'address', { verdict: 'pushed', at: Date.now() })
    const source = new Listed()
    const { service, addressFollowing } = watching(source, memory)
    await waitFor(() => service.status().synced)
    expect(service.pushVerdict('address')).toBe('pushed')
    expect(addressFollowing()).toMatchObject({ how: 'pushed', addresses: [] })
    // The first sync's full pages only: no head reads of the address.
    expect(source.limits.every((limit) => limit === 200)).toBe(true)
    service.stop()
  })
})
