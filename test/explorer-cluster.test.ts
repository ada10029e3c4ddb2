/**
 * Issue 23, defect 11: the Explorer button pointed at mainnet for the demo's
 * made-up data. A real indexer's records open on the cluster it signs in on
 * (devnet for the reference deployment); the demo's open nowhere.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { startDemoIndexer, type DemoIndexer } from '../src/main/demo/server'
import { builtInDemo } from '../src/main/demo/built-in-demo'
import { createMonitor, type Monitor } from '../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { watchingSettings } from './support/watching-settings'

const SIGNATURE = '5'.repeat(88)

let demo: DemoIndexer | null = null
let monitor: Monitor | null = null
afterEach(async () => {
  await monitor?.stop()
  await demo?.close()
  monitor = demo = null
})

describe('explorer links', () => {
  it('open an indexer’s records on its cluster', async () => {
    demo = await startDemoIndexer({ port: 0, rate: 0 })
    monitor = createMonitor({ settings: memorySettingsStorage(watchingSettings(demo.httpUrl)) })
    await monitor.start()
    const { url } = await monitor.openExternal({ kind: 'transaction', id: SIGNATURE })
    expect(url).toBe(`https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`)
  })

  it('refuse the built-in demo’s made-up records, saying why', async () => {
    monitor = createMonitor({ settings: memorySettingsStorage(), demo: builtInDemo() })
    await monitor.start()
    await expect(monitor.openExternal({ kind: 'transaction', id: SIGNATURE })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/made up/) })
  })
})
