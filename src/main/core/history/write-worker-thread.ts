/**
 * The cache's write worker, run on its own thread (write-worker.ts starts
 * it): a read-write connection of its own to the cache file, on which the
 * history writer applies the batches the write queue sends, one transaction
 * each, so that SQLite's statements, COMMITs and the log's checkpoints run
 * beside the main thread instead of on it. Each answer (what changed, or the
 * SQLite error's fields for the main thread to judge) is followed by the
 * batch's id in shared memory, so that a read that must see the batch can
 * wait for it without the event loop.
 */
import { DatabaseSync, type StatementSync } from 'node:sqlite'
import { workerData, type MessagePort } from 'node:worker_threads'
import { connectionPragmas, maxPageCountPragma } from './connection-pragmas'
import { HistoryWriter, IndexerIds, type RecordChange, type WriteConnection } from './history-writer'
import type { WriteOp } from './write-op'
import type { WorkerAnswer, WorkerRequest, WriteWorkerSetup } from './write-worker-protocol'

const setup = workerData as WriteWorkerSetup
const port: MessagePort = setup.port
const answeredId = new Int32Array(setup.signal)

class WorkerConnection implements WriteConnection {
  private readonly statements = new Map<string, StatementSync>()

  constructor(readonly db: DatabaseSync) {}

  statement(sql: string): StatementSync {
    let prepared = this.statements.get(sql)
    if (prepared === undefined) {
      prepared = this.db.prepare(sql)
      this.statements.set(sql, prepared)
    }
    return prepared
  }

  /** A connection here is never replaced: the main thread sends another file's path and a new one is made. */
  onReplaced(): () => void {
    return () => undefined
  }
}

interface Open {
  connection: WorkerConnection
  writer: HistoryWriter
  changes: RecordChange[]
}

let open: Open | null = null
let maxPages: number | null = null

/** Opens the file without creating it (mode=rw): a path whose file is gone is an error, never a new empty cache. */
function openFile(path: string): Open {
  const url = new URL(`file://${path.split('/').map(encodeURIComponent).join('/')}`)
  url.searchParams.set('mode', 'rw')
  const db = new DatabaseSync(url)
  try {
    for (const pragma of connectionPragmas(setup)) db.exec(pragma)
    if (maxPages !== null) db.exec(maxPageCountPragma(maxPages))
  } catch (error) {
    db.close()
    throw error
  }
  const connection = new WorkerConnection(db)
  const writer = new HistoryWriter(connection, new IndexerIds(connection, Date.now), setup.notificationCap)
  const opened: Open = { connection, writer, changes: [] }
  writer.onRecordChanged = (changes) => opened.changes.push(...changes)
  return opened
}

function close(): void {
  if (open === null) return
  try {
    open.connection.db.close()
  } catch {
    // A connection to a damaged file may not close cleanly; it is let go either way.
  }
  open = null
}

function describe(error: unknown): NonNullable<WorkerAnswer['error']> {
  const { message, code, errcode, errstr } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>
  return {
    message: typeof message === 'string' ? message : String(error),
    code: typeof code === 'string' ? code : undefined,
    errcode: typeof errcode === 'number' ? errcode : undefined,
    errstr: typeof errstr === 'string' ? errstr : undefined,
  }
}

function apply(ops: readonly WriteOp[]): RecordChange[] {
  open ??= openFile(setup.path)
  const current = open
  current.changes = []
  current.writer.applyBatch(ops)
  return current.changes
}

function answer(message: WorkerAnswer): void {
  port.postMessage(message)
  // After the message: a main thread woken by the id finds the answer waiting on its port.
  Atomics.store(answeredId, 0, message.id)
  Atomics.notify(answeredId, 0)
}

try {
  open = openFile(setup.path)
} catch {
  // Met again, and answered, at the first batch.
}
port.postMessage({ id: 0, ready: true } satisfies WorkerAnswer)

port.on('message', (request: WorkerRequest) => {
  switch (request.type) {
    case 'batch':
      try {
        answer({ id: request.id, changes: apply(request.ops) })
      } catch (error) {
        answer({ id: request.id, error: describe(error) })
      }
      return
    case 'open':
      close()
      setup.path = request.path
      return
    case 'max-pages':
      maxPages = request.pages
      try {
        open?.connection.db.exec(maxPageCountPragma(maxPages))
      } catch {
        // Met again, and answered, at the next batch.
      }
      return
    case 'close':
      close()
      port.close()
      return
  }
})
