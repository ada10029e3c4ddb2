/** The built-in demo as the app and serve mode start it: as the reference by default, pushing when the launch asks. */
import { afterEach, describe, expect, it } from 'vitest'
import { memorySettingsStorage } from '../core/config/settings'
import { createMonitor, type Monitor } from '../core/monitor/monitor'
import type { StartedDemo } from '../core/monitor/indexer-switch'
import { builtInDemo } from './built-in-demo'
import type { DemoIndexer } from './server'

const started: StartedDemo[] = []
let monitor: Monitor | null = null
afterEach(async () => {
  await monitor?.stop()
  monitor = null
  for (const demo of started.splice(0)) await demo.close()
})

/** What was started is the demo indexer itself; its mode is read from it. */
const asIndexer = (demo: StartedDemo): DemoIndexer => demo as unknown as DemoIndexer

describe('builtInDemo', () => {
  it('starts as the reference deployment unless told to push', async () => {
    const demo = builtInDemo()
    const plain = asIndexer(await demo.start())
    started.push(plain)
    expect([plain.pushAddressEvents, plain.statsIntervalMs]).toEqual([false, 60_000])
    const pushing = asIndexer(await demo.start({ pushAddressEvents: true }))
    started.push(pushing)
    expect([pushing.pushAddressEvents, pushing.statsIntervalMs]).toEqual([true, 2000])
  })

  it('is started pushing by a launch with --push-address-events', async () => {
    const demo = builtInDemo()
    const asked: ({ pushAddressEvents?: boolean } | undefined)[] = []
    const recording = {
      ...demo,
      start: async (options?: { pushAddressEvents?: boolean }) => {
        asked.push(options)
        const running = await demo.start(options)
        started.push(running)
        return running
      },
    }
    monitor = createMonitor({ settings: memorySettingsStorage(), demo: recording, launch: { pushAddressEvents: true } })
    await monitor.start()
    expect(asked).toEqual([{ pushAddressEvents: true }])
    expect(asIndexer(started[0] as StartedDemo).pushAddressEvents).toBe(true)
  })
})
