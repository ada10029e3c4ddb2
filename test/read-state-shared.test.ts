/**
 * Issue 23, defect 3: "Mark all read" in one tab left every row unread in the
 * other. Two pages on one serve-mode core (two socket bridges) and the
 * desktop window's IPC path are all told which rows were marked read.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Bridge } from '@shared/bridge'
import { readChangeCovers, type ReadChange } from '@shared/unread'
import type { DemoIndexer } from '../src/main/demo/server'
import { builtInDemo } from '../src/main/demo/built-in-demo'
import { createMonitor, type Monitor, type MonitorDeps } from '../src/main/core/monitor/monitor'
import { createBridgeDispatcher } from '../src/main/core/bridge/bridge-dispatch'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { silentLogger } from '../src/main/core/log/log'
import { startServe, type ServeHandle } from '../src/main/serve/server'
import { createSocketBridge, type SocketBridge } from '../src/renderer/src/bridge/socket-bridge'
import type { BridgeIpc } from '../src/main/electron/ipc'
import { electronPath, pageSocket } from './support/bridge-transports'
import { waitFor } from './support/wait-for'

const FAST: MonitorDeps = { live: { backfill: { retryBaseMs: 50, retryCapMs: 200 }, overviewPollMs: 100 } }

let monitor: Monitor | null = null
let serve: ServeHandle | null = null
let pages: SocketBridge[] = []
let ipc: BridgeIpc | null = null
afterEach(async () => {
  for (const page of pages) page.close()
  pages = []
  ipc?.dispose()
  await serve?.close()
  await monitor?.stop()
  monitor = serve = ipc = null
})

function heard(bridge: Bridge): ReadChange[] {
  const changes: ReadChange[] = []
  bridge.on('notificationsRead', (batch) => changes.push(...batch))
  return changes
}

describe('one read state in every page', () => {
  it('tells every page and the window which rows were marked read, by id and all', async () => {
    const inner = builtInDemo()
    let demo: DemoIndexer | null = null
    monitor = createMonitor({ settings: memorySettingsStorage(), historyPath: null, demo: { ...inner, start: async () => (demo = (await inner.start({ pushAddressEvents: true })) as DemoIndexer) } }, FAST)
    await monitor.start()
    serve = await startServe({ monitor, rendererDir: mkdtempSync(join(tmpdir(), 'pw-read-')), port: 0, log: silentLogger })
    const open = () => createSocketBridge(`ws://127.0.0.1:${serve!.port}/bridge?token=${serve!.token}`, { WebSocket: pageSocket(`http://127.0.0.1:${serve!.port}`) })
    const first = open()
    const second = open()
    pages = [first, second]
    const window = electronPath(createBridgeDispatcher(monitor), monitor)
    ipc = window.ipc
    const [atFirst, atSecond, atWindow] = [heard(first), heard(second), heard(window.bridge)]
    await waitFor(async () => (await monitor!.getConnection()).userChannels === 'ok')

    // Two announcements, pushed by the demo in its pushing mode: each is its own entry (a stream of one's own
    // verified proofs is rolled into one).
    demo!.network.publishNotification('SYSTEM')
    demo!.network.publishNotification('SYSTEM')
    let ids: string[] = []
    await waitFor(async () => {
      ids = (await second.listNotifications({ limit: 50 })).items.filter((n) => !n.read).map((n) => n.id)
      return ids.length >= 2
    })

    await first.markNotificationsRead([ids[0]!])
    for (const changes of [atFirst, atSecond, atWindow]) {
      await waitFor(() => changes.some((change) => readChangeCovers(change, { id: ids[0]! })))
      expect(changes.some((change) => readChangeCovers(change, { id: ids[1]! }))).toBe(false)
    }
    // What a page that opens now lists agrees with what the others were told.
    const listed = (await second.listNotifications({ limit: 50 })).items
    expect(listed.find((n) => n.id === ids[0])?.read).toBe(true)

    await second.markNotificationsRead('all')
    for (const changes of [atFirst, atSecond, atWindow]) await waitFor(() => changes.some((change) => change.scope === 'all'))
    expect((await first.getUnread()).total).toBe(0)
  })
})
