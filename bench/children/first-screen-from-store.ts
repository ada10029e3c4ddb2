/**
 * Cold start from the cache, the indexer unreachable: open the history store
 * on the cache file and have the newest 200 proofs ready for the renderer,
 * read through the cache-first path (CachedIndexer, source `cache`) and
 * cloned as the bridge would send them.
 */
import { CachedIndexer } from '../../src/main/core/history/cached-indexer'
import { HistoryCache } from '../../src/main/core/history/history-cache'
import { IndexerClient } from '../../src/main/core/indexer/client'
import { indexerKey } from '../../src/main/core/indexer/url'
import { FIRST_SCREEN, firstScreenReady } from './first-screen'

// The fixture's indexer URL comes from the runner: importing the fixture module would load its generator too.
const [path, indexerUrl] = process.argv.slice(2)
if (!path || !indexerUrl) throw new Error('usage: cold-start-store <history.sqlite> <indexer url>')
const store = HistoryCache.open({ path })
const cached = new CachedIndexer(new IndexerClient({ baseUrl: indexerUrl, retries: 0 }), store.forIndexer(indexerKey(indexerUrl)))
firstScreenReady(await cached.listProofs({ limit: FIRST_SCREEN }, { source: 'cache' }))
await store.close()
