/**
 * The contract suite of the bridge's two transports. Every bridge method
 * (the list comes from the contract, so a new method is covered without
 * touching this file) is called through Electron's path (structured clone,
 * the real preload bridge and IPC handlers) and through serve mode's path
 * (JSON over a real WebSocket to the real serve server), against one real
 * dispatcher and monitor on the demo indexer. Both must hand the core the
 * same arguments and the page the same answer: with optional arguments left
 * out, given as `undefined`, 64-bit numbers as strings, and empty results.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  BRIDGE_METHOD_NAMES,
  type Bridge,
  type BridgeEvent,
  type BridgeMethodName,
  type BridgeMethods,
} from '@shared/bridge'
import type { ErrorInfo } from '@shared/domain'
import { toWireValue } from '@shared/wire-value'
import { BRIDGE_ARGUMENTS } from '../src/main/core/bridge/bridge-dispatch'
import { createMonitor, type Monitor } from '../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { watchingSettings } from './support/watching-settings'
import { DEMO_BUSY_ADDRESSES } from '../src/main/demo/catalog'
import { startDemoIndexer, type DemoIndexer } from '../src/main/demo/server'
import { waitFor } from './support/wait-for'
import { bothTransports, type BothTransports } from './support/bridge-transports'
import type { SocketBridge } from '../src/renderer/src/bridge/socket-bridge'

/** A value above 2^53: it survives only as a string, on both paths. */
const BIG = '18446744073709551615'

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown }

interface Call {
  /** What the core received, per path. */
  received: unknown[][]
  /** What the core answered (before any transport), per path. */
  answered: Outcome[]
}

/** The real monitor, with every call's arguments and raw result recorded for the comparison. */
function recording(monitor: Monitor, calls: Call[]): BridgeMethods {
  return new Proxy(monitor, {
    get(target, property, receiver) {
      const value = Reflect.get(target, property, receiver) as unknown
      if (typeof property !== 'string' || !(BRIDGE_METHOD_NAMES as string[]).includes(property) || typeof value !== 'function') return value
      return async (...args: unknown[]) => {
        const call = calls.at(-1)
        call?.received.push(args)
        try {
          const result = await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args)
          call?.answered.push({ ok: true, value: result })
          return result
        } catch (error) {
          call?.answered.push({ ok: false, error })
          throw error
        }
      }
    },
  })
}

// --- calls derived from each method's argument schema ---------------------------

type Def = { type: string; [key: string]: unknown }
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def

/**
 * A value the schema accepts: every optional part left out (`explicit` false)
 * or given as `undefined` (true); strings are a 64-bit number.
 */
function sample(schema: z.ZodType, explicit: boolean): unknown {
  const def = defOf(schema)
  switch (def.type) {
    case 'optional':
      return undefined
    case 'nullable':
      return sample(def.innerType as z.ZodType, explicit)
    case 'string':
      return BIG
    case 'number':
      return 1
    case 'boolean':
      return false
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0]
    case 'literal':
      return (def.values as unknown[])[0]
    case 'union':
      return sample((def.options as z.ZodType[])[0]!, explicit)
    case 'array':
      return []
    case 'record':
      return {}
    case 'tuple': {
      const items = (def.items as z.ZodType[]).map((item) => sample(item, explicit))
      if (!explicit) while (items.length > 0 && items.at(-1) === undefined) items.pop()
      return items
    }
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const [key, value] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        const item = sample(value, explicit)
        if (item !== undefined || explicit) out[key] = item
      }
      return out
    }
    default:
      throw new Error(`The parity suite cannot yet make a sample of a ${def.type} schema: add it to sample()`)
  }
}

interface Case {
  name: string
  args: unknown[]
}

interface Known {
  proofAccount: string
  signature: string
  busy: string
}

/** Calls with real values where the derived ones would only reach an error. */
const MEANINGFUL: Partial<Record<BridgeMethodName, (known: Known) => Case[]>> = {
  getOverview: () => [
    { name: 'no options', args: [] },
    { name: 'options undefined', args: [undefined] },
    { name: 'source undefined', args: [{ source: undefined }] },
    { name: 'from the cache', args: [{ source: 'cache' }] },
  ],
  getSeries: () => [{ name: 'a series', args: [{ metric: 'proofs', period: '7d' }, undefined] }],
  getLeaderboard: () => [{ name: 'period undefined', args: [{ period: undefined, limit: 5 }] }],
  listProofs: () => [
    { name: 'a page', args: [{ limit: 5, cursor: undefined }, undefined] },
    { name: 'empty result', args: [{ authority: '1'.repeat(44), limit: 5 }] },
    { name: 'by circuit, state applied here', args: [{ circuitId: '1', state: 'verified', limit: 5, cursor: undefined }, undefined] },
    { name: 'state from the cache', args: [{ state: 'revoked', limit: 5 }, { source: 'cache' }] },
  ],
  listCircuits: () => [
    { name: 'from the indexer', args: [undefined] },
    { name: 'from the cache', args: [{ source: 'cache' }] },
  ],
  getProof: (known) => [{ name: 'a proof', args: [known.proofAccount, undefined] }],
  listTransactions: (known) => [
    // The address page's "Load more": options undefined, cursor left undefined.
    { name: 'address page, options undefined', args: [{ pubkey: known.busy, cursor: undefined }, undefined] },
    { name: 'from the cache', args: [{ pubkey: known.busy, limit: 5 }, { source: 'cache' }] },
    { name: 'empty result', args: [{ pubkey: '1'.repeat(44), limit: 5 }] },
  ],
  getTransaction: (known) => [{ name: 'a transaction with 64-bit amounts', args: [known.signature] }],
  watchAddress: (known) => [
    { name: 'label undefined', args: [{ pubkey: known.busy, label: undefined, notify: undefined }] },
    { name: 'label null', args: [{ pubkey: known.busy, label: null }] },
  ],
  search: (known) => [
    { name: 'a hit', args: [{ text: known.signature.slice(0, 12), network: undefined }] },
    { name: 'empty result', args: [{ text: 'zzzzzzzz' }] },
  ],
  getAddressActivity: (known) => [
    { name: 'a busy address, zone undefined', args: [{ pubkey: known.busy, timeZone: undefined }] },
    { name: 'in a time zone', args: [{ pubkey: known.busy, timeZone: 'Asia/Tokyo' }] },
    { name: 'nothing held', args: [{ pubkey: '1'.repeat(44) }] },
    { name: 'an unknown zone, refused on both', args: [{ pubkey: known.busy, timeZone: 'Mars/Olympus' }] },
  ],
  listNotifications: () => [{ name: 'empty page', args: [{ unreadOnly: true, kind: undefined }] }],
  previewNotificationRules: () => [
    { name: 'a draft with a source off and quiet hours', args: [{ sources: { addresses: false }, quietHours: { enabled: true, start: '22:00', end: '07:00' } }] },
    { name: 'a malformed draft, refused on both', args: [{ quietHours: { start: '25:99' } }] },
  ],
  markNotificationsRead: () => [{ name: 'none', args: [[]] }],
  snoozeNotifications: (known) => [
    { name: 'an address for good', args: [{ target: { kind: 'address', id: known.busy }, duration: 'forever' }] },
    { name: 'a source for an hour', args: [{ target: { kind: 'source', id: 'circuits' }, duration: '1h' }] },
    { name: 'a bad duration, refused on both', args: [{ target: { kind: 'notice', id: 'alerts' }, duration: '2h' }] },
  ],
  endSnooze: (known) => [{ name: 'an address', args: [{ kind: 'address', id: known.busy }] }],
  setNotificationPrivacy: () => [
    { name: 'no addresses', args: ['noAddresses'] },
    { name: 'an unknown level, refused on both', args: ['loud'] },
  ],
  exportHistory: (known) => [
    { name: 'a filter with undefined fields', args: [{ kind: 'transactions', format: 'json', filter: { pubkey: known.busy, cursor: undefined } }] },
  ],
}

function casesOf(method: BridgeMethodName, known: Known): Case[] {
  const schema = BRIDGE_ARGUMENTS[method] as unknown as z.ZodType
  return [
    { name: 'optional parts left out', args: sample(schema, false) as unknown[] },
    { name: 'optional parts undefined', args: sample(schema, true) as unknown[] },
    ...(MEANINGFUL[method]?.(known) ?? []),
  ]
}

/**
 * Fields that change between two calls whatever carries them (clocks, the
 * live socket's progress, one-off download links); their presence and type
 * are still compared.
 */
const VOLATILE = new Set(['fetchedAt', 'observedAt', 'lastOkAt', 'since', 'lastEventAt', 'nextRetryAt', 'latencyMs', 'url', 'socket', 'http', 'channels', 'counters', 'userChannels', 'following'])

/**
 * Figures that move between two calls of one method: the cache's counts (a
 * live event, a background detail fetch or a queued write lands in between).
 * The overview's figures follow the demo network's clock, which stands still
 * here, so they are compared in full. Only in those
 * methods' answers, so that the rows an export reports are still compared;
 * their types (a 64-bit string stays a string) still are.
 */
const VOLATILE_IN: Partial<Record<BridgeMethodName, ReadonlySet<string>>> = {
  getCacheInfo: new Set(['rows', 'bytes', 'pendingWrites']),
  clearCache: new Set(['rows', 'bytes', 'pendingWrites']),
  // Each call reads the indexer again: the time of that read.
  getCircuitCatalog: new Set(['readAt']),
  // The cache keeps filling with the demo's live events between the two calls.
  previewNotificationRules: new Set(['events', 'notifications', 'days', 'latest']),
  // A snooze ends an hour after each path's call.
  snoozeNotifications: new Set(['until']),
}

function masked(value: unknown, volatile: ReadonlySet<string> = VOLATILE): unknown {
  if (Array.isArray(value)) return value.map((item) => masked(item, volatile))
  if (typeof value !== 'object' || value === null) return value
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, volatile.has(key) ? typeof item : masked(item, volatile)]),
  )
}

async function outcome(run: () => Promise<unknown>): Promise<Outcome> {
  try {
    return { ok: true, value: await run() }
  } catch (error) {
    // The page rebuilds a ProofWatchError from the same fields on both paths; compare those.
    const { code, message, status, serverCode, received, retryable } = error as Record<string, unknown>
    return { ok: false, error: toWireValue({ code, message, status, serverCode, received, retryable: retryable ?? false }) }
  }
}

let demo: DemoIndexer
let monitor: Monitor
let transports: BothTransports
let electron: { bridge: Bridge }
let browser: SocketBridge
let known: Known
const calls: Call[] = []

beforeAll(async () => {
  // The network's clock stands still: its slot and tps follow the clock, and
  // the two transports' calls of one method are made moments apart.
  const frozenAt = Date.now()
  demo = await startDemoIndexer({ port: 0, rate: 0, seed: 5, network: { clock: () => frozenAt } })
  const settings = watchingSettings(demo.httpUrl)
  monitor = createMonitor({ settings: memorySettingsStorage(settings), historyPath: null })
  await monitor.start()
  transports = await bothTransports(monitor, recording(monitor, calls) as Monitor)
  electron = transports.window
  browser = transports.page
  const busy = DEMO_BUSY_ADDRESSES[0]!
  const proofs = await monitor.listProofs({ limit: 1 })
  const transactions = await monitor.listTransactions({ pubkey: busy, limit: 1 })
  known = { proofAccount: proofs.items[0]!.proofAccount, signature: transactions.items[0]!.signature, busy }
})

afterAll(async () => {
  await transports?.close()
  await monitor?.stop()
  await demo?.close()
})

describe('every bridge method answers the same over Electron IPC and over the serve-mode socket', () => {
  it('covers every method of the contract', () => {
    for (const method of BRIDGE_METHOD_NAMES) expect(casesOf(method, known).length).toBeGreaterThan(0)
  })

  it.each(BRIDGE_METHOD_NAMES)('%s', async (method) => {
    for (const { name, args } of casesOf(method, known)) {
      const call: Call = { received: [], answered: [] }
      calls.push(call)
      const invoke = (bridge: Bridge) => (bridge[method] as (...a: unknown[]) => Promise<unknown>)(...structuredClone(args))
      const overIpc = await outcome(() => invoke(electron.bridge))
      const overJson = await outcome(() => invoke(browser))
      const label = `${method} (${name})`

      // The core got the same arguments, and answered (or refused) the same way, whichever path carried the call.
      expect(call.received.length, label).toBe(call.answered.length)
      if (call.received.length === 2) expect(call.received[0], label).toStrictEqual(call.received[1])
      else expect(call.received, `${label}: refused on one path only`).toHaveLength(0)
      expect(overIpc.ok, label).toBe(overJson.ok)
      // Each answer is exactly what the core gave, in the transports' one data model.
      call.answered.forEach((raw, index) => {
        const answer = index === 0 ? overIpc : overJson
        if (raw.ok && answer.ok) expect(answer.value, label).toStrictEqual(toWireValue(raw.value))
      })
      const volatile = new Set([...VOLATILE, ...(VOLATILE_IN[method] ?? [])])
      expect(masked(overIpc, volatile), label).toStrictEqual(masked(overJson, volatile))
    }
  })

  it('the address page call that failed over JSON succeeds on both paths', async () => {
    const args = [{ pubkey: known.busy, cursor: undefined }, undefined] as const
    const ipcPage = await electron.bridge.listTransactions(...args)
    const jsonPage = await browser.listTransactions(...args)
    expect(jsonPage.items.length).toBeGreaterThan(0)
    expect(masked(jsonPage)).toStrictEqual(masked(ipcPage))
  })

  it('display names: read in the background, pushed on both paths, then answered the same on both', async () => {
    const unknown = '1'.repeat(44)
    const pushed = { ipc: new Map<string, unknown>(), json: new Map<string, unknown>() }
    const stops = [
      electron.bridge.on('displayNames', (names) => names.forEach((name) => pushed.ipc.set(name.pubkey, name))),
      browser.on('displayNames', (names) => names.forEach((name) => pushed.json.set(name.pubkey, name))),
    ]
    await browser.getAppInfo()
    expect(await electron.bridge.getDisplayNames([known.busy, unknown])).toStrictEqual([
      { pubkey: known.busy, displayName: null, readAt: null },
      { pubkey: unknown, displayName: null, readAt: null },
    ])
    await waitFor(() => pushed.ipc.size === 2 && pushed.json.size === 2)
    stops.forEach((stop) => stop())
    expect([...pushed.ipc.entries()].sort()).toStrictEqual([...pushed.json.entries()].sort())
    const overIpc = await electron.bridge.getDisplayNames([known.busy, unknown])
    expect(await browser.getDisplayNames([known.busy, unknown])).toStrictEqual(overIpc)
    expect(overIpc.map((name) => name.displayName)).toStrictEqual([`demo_${known.busy.slice(0, 4).toLowerCase()}`, null])
    expect(overIpc.every((name) => typeof name.readAt === 'number')).toBe(true)
  })

  it('pushes events the same over both paths', async () => {
    const overIpc: BridgeEvent['payload'][] = []
    const overJson: BridgeEvent['payload'][] = []
    const ours = (list: BridgeEvent['payload'][]) => (problem: ErrorInfo) => {
      if (problem.message === 'parity') list.push(problem)
    }
    const stops = [electron.bridge.on('problem', ours(overIpc)), browser.on('problem', ours(overJson))]
    // The browser side only gets what is broadcast after its socket opened.
    await browser.getAppInfo()
    const sent = { code: 'DECODE' as const, message: 'parity', received: undefined, status: undefined, serverCode: BIG }
    monitor.emit('problem', sent)
    await waitFor(() => overIpc.length > 0 && overJson.length > 0)
    stops.forEach((stop) => stop())
    expect(overIpc).toStrictEqual(overJson)
    expect(overIpc[0]).toStrictEqual({ code: 'DECODE', message: 'parity', serverCode: BIG })
  })
})
