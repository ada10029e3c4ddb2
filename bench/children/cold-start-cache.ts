/**
 * Cold start from the cache, indexer unreachable: open the SQLite cache and
 * have the newest 200 proofs ready for the renderer (decoded, cloned as the
 * bridge would send them). Placeholder for the history store's read path:
 * once it exists, this opens the store and calls its listProofs.
 */
import { NEWEST_PROOFS, openCache } from '../lib/cache-fixture'

const FIRST_SCREEN = 200

const path = process.argv[2]
if (!path) throw new Error('usage: cold-start-cache <cache.sqlite>')
const db = openCache(path)
const rows = db.prepare(NEWEST_PROOFS).all(FIRST_SCREEN) as { record: string }[]
const proofs = structuredClone(rows.map((row) => JSON.parse(row.record) as unknown))
process.stdout.write(`ready ${proofs.length}\n`)
db.close()
