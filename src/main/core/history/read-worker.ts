/**
 * The main thread's side of the cache's read worker (read-worker-source.ts):
 * started on the first read that asks for it, stopped again after a quiet
 * spell so that an idle app does not keep a second thread and page cache,
 * and given up for good (the caller reads on its own connection instead)
 * once it fails to start or dies.
 */
import type { Worker } from 'node:worker_threads'
import { nodeWorkerThreads } from '../../runtime/builtins-on-first-use'
import type { SQLInputValue, StatementSync } from 'node:sqlite'
import { READ_WORKER_SOURCE } from './read-worker-source'

export interface ReadStep {
  sql: string
  params: readonly SQLInputValue[]
  mode: 'all' | 'get'
}

export interface ReadWorkerOptions {
  path: string
  busyTimeoutMs: number
  /** The worker's own page cache. */
  cacheKiB: number
  /** Stopped after this long without a read. Default 30 s. */
  idleMs?: number
}

/** Pages in the write-ahead log, and how many of them are now in the file; `busy`: another checkpoint was under way. */
export interface CheckpointResult {
  log: number
  checkpointed: number
  busy: number
}

/** The worker could not run the read at all (it did not start, or it died): read on the main connection instead. */
export class ReadWorkerGone extends Error {}

interface Answer {
  id: number
  results?: unknown[]
  /** A failed read: the SQLite error's fields. */
  error?: Record<string, unknown>
  /** The worker never opened the file. */
  unopened?: boolean
}

interface Waiting {
  resolve(results: unknown[]): void
  reject(error: Error): void
}

export class ReadWorker {
  private worker: Worker | null = null
  private readonly waiting = new Map<number, Waiting>()
  private nextId = 1
  private idleTimer: ReturnType<typeof setTimeout> | null = null
  private gone: Error | null = null
  private closed = false

  constructor(private readonly options: ReadWorkerOptions) {}

  /** False once the worker failed: every read then goes to the main connection. */
  get usable(): boolean {
    return this.gone === null && !this.closed
  }

  /** A worker thread is up (it stops after a quiet spell). */
  get running(): boolean {
    return this.worker !== null
  }

  /** Runs the statements in order on the worker's connection; rejects with ReadWorkerGone when the worker cannot. */
  run(steps: readonly ReadStep[]): Promise<unknown[]> {
    return this.ask(steps)
  }

  /**
   * A passive checkpoint on the worker's read-write connection: the log's
   * committed pages written into the file, without waiting for the writer.
   * Rejects with the SQLite error when it cannot (busy, disk full).
   */
  async checkpoint(): Promise<CheckpointResult> {
    const [result] = await this.ask('checkpoint')
    return result as CheckpointResult
  }

  private ask(steps: readonly ReadStep[] | 'checkpoint'): Promise<unknown[]> {
    if (!this.usable) return Promise.reject(new ReadWorkerGone(this.gone?.message ?? 'The read worker is closed'))
    const worker = this.started()
    const id = this.nextId++
    this.clearIdle()
    // Held while a read is under way, so a pending read keeps the process up; let go once idle.
    worker.ref()
    return new Promise<unknown[]>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject })
      worker.postMessage({ id, steps })
    })
  }

  /** Stops the worker; reads under way fail with ReadWorkerGone. */
  async close(): Promise<void> {
    this.closed = true
    await this.stop(new ReadWorkerGone('The history cache was closed'))
  }

  private started(): Worker {
    if (this.worker !== null) return this.worker
    const worker = new (nodeWorkerThreads().Worker)(READ_WORKER_SOURCE, {
      eval: true,
      // Its answers are a few hundred rows at most: a small heap bounds the thread's memory (one that runs out dies, and reads go to the main connection).
      resourceLimits: { maxOldGenerationSizeMb: 32, maxYoungGenerationSizeMb: 4 },
      workerData: { path: this.options.path, busyTimeoutMs: this.options.busyTimeoutMs, cacheKiB: this.options.cacheKiB },
    })
    worker.on('message', (message: Answer) => this.answered(message))
    worker.on('error', (error) => this.fail(error))
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(new Error(`The read worker stopped (exit code ${code})`))
    })
    this.worker = worker
    return worker
  }

  private answered({ id, results, error, unopened }: Answer): void {
    if (unopened === true) {
      this.fail(new Error(`The read worker could not open the cache: ${String(error?.message)}`))
      return
    }
    const waiting = this.waiting.get(id)
    if (waiting === undefined) return
    this.waiting.delete(id)
    if (error !== undefined) waiting.reject(Object.assign(new Error(String(error.message)), error))
    else waiting.resolve(results ?? [])
    if (this.waiting.size === 0) this.idle()
  }

  private idle(): void {
    this.worker?.unref()
    this.clearIdle()
    this.idleTimer = setTimeout(() => void this.stop(null), this.options.idleMs ?? 30_000)
    this.idleTimer.unref()
  }

  private clearIdle(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer)
    this.idleTimer = null
  }

  private fail(error: Error): void {
    this.gone ??= error
    void this.stop(new ReadWorkerGone(error.message))
  }

  /** Ends the worker; `error`: what reads still waiting are told (null: none can be waiting). */
  private async stop(error: Error | null): Promise<void> {
    this.clearIdle()
    const worker = this.worker
    this.worker = null
    for (const waiting of this.waiting.values()) waiting.reject(error ?? new ReadWorkerGone('The read worker stopped'))
    this.waiting.clear()
    await worker?.terminate()
  }
}

/** The same statements on a connection of this thread: where there is no worker (a cache in memory), or it failed. */
export function runHere(database: { statement(sql: string): StatementSync }, steps: readonly ReadStep[]): unknown[] {
  return steps.map(({ sql, params, mode }) => (mode === 'get' ? database.statement(sql).get(...params) : database.statement(sql).all(...params)))
}
