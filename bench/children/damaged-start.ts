/**
 * The first start on a damaged cache, as the app starts (the indexer
 * unreachable): the event-loop delay of the main thread from once the core's
 * modules are loaded, through the monitor's start (which finds the damage, moves the
 * file aside and starts the new cache), the first screen's newest proofs, the
 * salvage that copies what the damaged file still holds into the new cache
 * while the app runs, to `settleMs` after it, so that work deferred past the
 * start is seen too. Prints `ready <p99 ms> <max ms> <ms> <proofs> <damage
 * kind> <first screen ms> <salvage ms> <module loading ms>`: the proofs the
 * newest page holds once the salvage is over; times from before the modules
 * load.
 */
import type { BridgeEvent } from '@shared/bridge'
import type { CacheInfo } from '@shared/history'
import { startLoopDelay } from '../lib/loop-delay'

const startedAt = performance.now()
const { createMonitor } = await import('../../src/main/core/monitor/monitor')
const { applySettingsPatch, DEFAULT_SETTINGS, memorySettingsStorage } = await import('../../src/main/core/config/settings')
const { FIRST_SCREEN } = await import('./first-screen')
// Loading the modules is not counted: the app's main process does it before any window exists, and the
// cold-start benchmark measures it. Its first tick before the core starts: a block before that tick would
// not be recorded at all.
const loadMs = performance.now() - startedAt
const histogram = startLoopDelay()
await histogram.ticking()

const [path, indexerUrl, settle] = process.argv.slice(2)
if (!path || !indexerUrl) throw new Error('usage: damaged-start <history.sqlite> <indexer url> [settle ms]')
const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Unreachable indexer', httpUrl: indexerUrl } }, () => 'bench').settings
const monitor = createMonitor({ settings: memorySettingsStorage(settings), historyPath: path })
// The cache's state goes to the page when damage is found and again when the salvage is over.
let damage: CacheInfo['damage'] = null
const salvageOver = new Promise<void>((resolve) => {
  monitor.onEvents((batch: BridgeEvent[]) => {
    for (const event of batch) {
      if (event.event !== 'cache') continue
      damage = (event.payload as CacheInfo).damage
      if (damage !== null && damage.salvaging !== true) resolve()
    }
  })
})
await monitor.start()
await monitor.listProofs({ limit: FIRST_SCREEN }, { source: 'cache' })
const firstScreenMs = performance.now() - startedAt
await salvageOver
const salvageMs = performance.now() - startedAt
const page = await monitor.listProofs({ limit: FIRST_SCREEN }, { source: 'cache' })
await new Promise((resolve) => setTimeout(resolve, Number(settle ?? 1000)))
const delay = histogram.stop()
const kind = (damage as CacheInfo['damage'])?.kind ?? 'none'
process.stdout.write(
  `ready ${delay.p99.toFixed(3)} ${delay.max.toFixed(3)} ${delay.ms.toFixed(0)} ${page.items.length} ${kind} ${firstScreenMs.toFixed(0)} ${salvageMs.toFixed(0)} ${loadMs.toFixed(0)}\n`,
)
await monitor.stop()
process.exit(0)
