/**
 * Issue 23, defect 11: the Explorer button pointed at mainnet for the demo's
 * made-up data. A real indexer's records open on the cluster it signs in on
 * (devnet for the reference deployment); the demo's open nowhere.
 */
import { describe, expect, it } from 'vitest'
import { builtInDemo } from '../src/main/demo/built-in-demo'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { watchingSettings } from './support/watching-settings'
import { startedPerTest } from './support/monitor-on-indexer'

const SIGNATURE = '5'.repeat(88)

const started = startedPerTest()

describe('explorer links', () => {
  it('open an indexer’s records on its cluster', async () => {
    const demo = await started.demo()
    const monitor = started.monitor({ settings: memorySettingsStorage(watchingSettings(demo.httpUrl)) })
    await monitor.start()
    const { url } = await monitor.openExternal({ kind: 'transaction', id: SIGNATURE })
    expect(url).toBe(`https://explorer.solana.com/tx/${SIGNATURE}?cluster=devnet`)
  })

  it('refuse the built-in demo’s made-up records, saying why', async () => {
    const monitor = started.monitor({ settings: memorySettingsStorage(), demo: builtInDemo() })
    await monitor.start()
    await expect(monitor.openExternal({ kind: 'transaction', id: SIGNATURE })).rejects.toMatchObject({ code: 'INVALID_ARGUMENT', message: expect.stringMatching(/made up/) })
  })
})
