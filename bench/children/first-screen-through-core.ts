/**
 * Cold start from the cache through the whole core, the indexer unreachable:
 * the monitor starts as the app's main process starts it (settings, history
 * store, watchlist, a session trying to connect), and the newest 200 proofs
 * are asked for as the renderer asks on its first screen (source `cache`).
 */
import { createMonitor } from '../../src/main/core/monitor/monitor'
import { applySettingsPatch, DEFAULT_SETTINGS, memorySettingsStorage } from '../../src/main/core/config/settings'
import { FIRST_SCREEN, firstScreenReady } from './first-screen'

// The fixture's indexer URL comes from the runner: importing the fixture module would load its generator too.
const [path, indexerUrl] = process.argv.slice(2)
if (!path || !indexerUrl) throw new Error('usage: cold-start-monitor <history.sqlite> <indexer url>')
const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Unreachable indexer', httpUrl: indexerUrl } }, () => 'bench').settings
const monitor = createMonitor({ settings: memorySettingsStorage(settings), historyPath: path })
await monitor.start()
firstScreenReady(await monitor.listProofs({ limit: FIRST_SCREEN }, { source: 'cache' }))
await monitor.stop()
process.exit(0)
