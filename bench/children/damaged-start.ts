/**
 * The first start on a damaged cache, as the app starts (the indexer
 * unreachable): the event-loop delay of the main thread from before the core
 * is loaded, through the monitor's start (which finds the damage, moves the
 * file aside and salvages what it can into a new cache) and the first
 * screen's newest proofs, to `settleMs` after, so that work deferred past the
 * start is seen too. Prints `ready <p99 ms> <max ms> <ms> <proofs> <damage kind>`.
 */
import { startLoopDelay } from '../lib/loop-delay'

const histogram = startLoopDelay()
const { createMonitor } = await import('../../src/main/core/monitor/monitor')
const { applySettingsPatch, DEFAULT_SETTINGS, memorySettingsStorage } = await import('../../src/main/core/config/settings')
const { FIRST_SCREEN } = await import('./first-screen')

const [path, indexerUrl, settle] = process.argv.slice(2)
if (!path || !indexerUrl) throw new Error('usage: damaged-start <history.sqlite> <indexer url> [settle ms]')
const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Unreachable indexer', httpUrl: indexerUrl } }, () => 'bench').settings
const monitor = createMonitor({ settings: memorySettingsStorage(settings), historyPath: path })
await monitor.start()
const page = await monitor.listProofs({ limit: FIRST_SCREEN }, { source: 'cache' })
await new Promise((resolve) => setTimeout(resolve, Number(settle ?? 1000)))
const delay = histogram.stop()
const damage = (await monitor.getCacheInfo()).damage?.kind ?? 'none'
process.stdout.write(`ready ${delay.p99.toFixed(3)} ${delay.max.toFixed(3)} ${delay.ms.toFixed(0)} ${page.items.length} ${damage}\n`)
await monitor.stop()
process.exit(0)
