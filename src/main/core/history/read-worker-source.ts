/**
 * The source of the cache's read worker: a second, read-only connection to
 * the cache file on its own thread, for reads that scan many rows (the
 * watched records still missing their detail, row counts, export pages),
 * so that the main thread keeps answering the socket and the window while
 * they run. Plain CommonJS in a string, started with `eval: true`: the same
 * text runs from the sources in tests, from the bundle in the app and in the
 * benchmarks, with no build step or file path to find. It takes a batch of
 * statements per message and answers with their rows, or with the SQLite
 * error's fields so that the main thread can tell damage from a bug.
 *
 * It also moves the write-ahead log's pages into the file (a passive
 * checkpoint) when asked, on a read-write connection of its own: done by
 * the writing connection, a checkpoint of tens of megabytes held the main
 * thread for hundreds of milliseconds (docs/benchmarks.md). That connection
 * opens the file without creating it (mode=rw) and binds the log at once, so
 * that it never pairs one file with another's log.
 */
export const READ_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const { DatabaseSync } = require('node:sqlite')

function describe(error) {
  const { message, code, errcode, errstr } = error ?? {}
  return { message: typeof message === 'string' ? message : String(error), code, errcode, errstr }
}

let db = null
let opening = null
try {
  db = new DatabaseSync(workerData.path, { readOnly: true })
  db.exec('PRAGMA busy_timeout = ' + workerData.busyTimeoutMs)
  db.exec('PRAGMA cache_size = -' + workerData.cacheKiB)
  db.exec('PRAGMA mmap_size = 0')
  db.exec('PRAGMA temp_store = MEMORY')
} catch (error) {
  opening = describe(error)
}

let checkpointer = null
function checkpoint() {
  if (checkpointer === null) {
    const url = new URL('file://' + workerData.path.split('/').map(encodeURIComponent).join('/'))
    url.searchParams.set('mode', 'rw')
    checkpointer = new DatabaseSync(url)
    checkpointer.exec('PRAGMA cache_size = -1024')
    checkpointer.exec('PRAGMA mmap_size = 0')
  }
  const statement = checkpointer.prepare('PRAGMA wal_checkpoint(PASSIVE)')
  // Pages committed during a pass are taken by the next: a log wholly in the file is started over by the next write.
  let result = statement.get()
  for (let pass = 1; pass < 3 && result.busy === 0 && result.checkpointed < result.log; pass++) result = statement.get()
  return { log: result.log, checkpointed: result.checkpointed, busy: result.busy }
}

const statements = new Map()
function prepared(sql) {
  let statement = statements.get(sql)
  if (statement === undefined) {
    statement = db.prepare(sql)
    statements.set(sql, statement)
  }
  return statement
}

parentPort.on('message', ({ id, steps }) => {
  if (opening !== null) return parentPort.postMessage({ id, error: opening, unopened: true })
  try {
    if (steps === 'checkpoint') return parentPort.postMessage({ id, results: [checkpoint()] })
    const results = steps.map(({ sql, params, mode }) => (mode === 'get' ? prepared(sql).get(...params) : prepared(sql).all(...params)))
    parentPort.postMessage({ id, results })
  } catch (error) {
    parentPort.postMessage({ id, error: describe(error) })
  }
})
`
