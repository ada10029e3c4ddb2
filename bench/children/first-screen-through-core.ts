/**
 * Cold start from the cache through the whole core, the indexer unreachable:
 * the monitor starts as the app's main process starts it (settings, history
 * store, watchlist, a session trying to connect), and the newest 200 proofs
 * are asked for as the renderer asks on its first screen (source `cache`).
 */
import { createMonitor } from '../../src/main/core/monitor/monitor'
import { applySettingsPatch, DEFAULT_SETTINGS, memorySettingsStorage } from '../../src/main/core/config/settings'
import { FIXTURE_INDEXER_URL } from '../lib/history-fixture'
import { FIRST_SCREEN, firstScreenReady } from './first-screen'

const path = process.argv[2]
if (!path) throw new Error('usage: cold-start-monitor <history.sqlite>')
const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Unreachable indexer', httpUrl: FIXTURE_INDEXER_URL } }, () => 'bench').settings
const monitor = createMonitor({ settings: memorySettingsStorage(settings), historyPath: path })
await monitor.start()
firstScreenReady(await monitor.listProofs({ limit: FIRST_SCREEN }, { source: 'cache' }))
await monitor.stop()
process.exit(0)
