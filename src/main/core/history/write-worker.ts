/**
 * The main thread's side of the cache's write worker (write-worker-thread.ts):
 * the write queue's batches are applied there, on a connection of its own, so
 * that the socket, the bridge and the window's requests go on while SQLite
 * writes. A batch is either begun (its outcome told on a later turn) or
 * applied and waited for on this thread: a read that must see what is queued
 * waits for the worker as it used to wait for its own writes, no longer.
 * A worker that cannot start or dies is given up, and the queue writes on
 * the main connection instead.
 */
import type { MessagePort, Worker } from 'node:worker_threads'
import { nodeWorkerThreads } from '../../runtime/builtins-on-first-use'
import type { RecordChange } from './history-writer'
import type { WriteOp } from './write-op'
import type { WorkerAnswer, WorkerRequest, WriteWorkerSetup } from './write-worker-protocol'
import WRITE_WORKER_SOURCE from './write-worker-thread?worker-source'

export interface WriteWorkerOptions {
  path: string
  busyTimeoutMs: number
  /** The worker connection's page cache. */
  cacheKiB: number
  notificationCap: number
  /** Stored proofs whose standing changed, after the batch that changed them committed. */
  onRecordChanged: (changes: readonly RecordChange[]) => void
  /**
   * The longest a read waits on this thread for the worker's answer before
   * taking it for dead. Default: the busy timeout and 30 s more.
   */
  answerWithinMs?: number
  /** The thread is ended after this long without a batch, and started again by the next. Default 30 s. */
  idleMs?: number
}

/** The worker could not apply the batch at all (it did not start, died or stopped answering): write it on the main connection. */
export class WriteWorkerGone extends Error {}

type Done = (error: Error | null) => void

export class WriteWorker {
  private worker: Worker | null = null
  private port: MessagePort | null = null
  private readonly signal = new SharedArrayBuffer(4)
  private readonly answeredId = new Int32Array(this.signal)
  private readonly waiting = new Map<number, Done>()
  private idleWaiters: Array<() => void> = []
  private idleTimer: ReturnType<typeof setTimeout> | null = null
  private readyWaiters: Array<(ready: boolean) => void> = []
  private nextId = 1
  private gone: Error | null = null
  private closed = false
  private isReady = false

  constructor(private readonly options: WriteWorkerOptions) {}

  /** False once the worker failed or was closed: writes then go to the main connection. */
  get usable(): boolean {
    return this.gone === null && !this.closed
  }

  /** The worker is up with its connection open: until then the queue writes on the main connection, not waiting for a thread to boot. */
  get ready(): boolean {
    return this.isReady
  }

  /** Starts the thread if need be; resolves true once it is up, false if it failed or was closed. */
  whenReady(): Promise<boolean> {
    if (this.isReady || !this.usable) return Promise.resolve(this.isReady && this.usable)
    this.started()
    return new Promise((resolve) => this.readyWaiters.push(resolve))
  }

  /** Starts the thread, if it is not up or starting already. */
  start(): void {
    if (this.usable) this.started()
  }

  /** A batch is under way. */
  get busy(): boolean {
    return this.waiting.size > 0
  }

  /**
   * Resolves once no batch is under way: a write on another connection of
   * this thread then takes the file's lock at once, instead of sleeping in
   * SQLite's busy handler on this thread until the worker commits. It runs
   * before the queue can begin another batch (that one waits for a timer).
   */
  whenIdle(): Promise<void> {
    if (this.waiting.size === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** Starts applying `ops` in one transaction; `done` is told on a later turn (or within settle()). */
  begin(ops: readonly WriteOp[], done: Done): void {
    if (!this.usable) {
      queueMicrotask(() => done(new WriteWorkerGone(this.goneMessage())))
      return
    }
    const port = this.started()
    this.clearIdle()
    const id = this.nextId++
    this.waiting.set(id, done)
    // Held while a batch is under way: a process does not end with writes in flight.
    port.ref()
    this.send({ type: 'batch', id, ops })
  }

  /** Applies `ops` and waits for the answer on this thread; throws the SQLite error, or WriteWorkerGone. */
  applyBatch(ops: readonly WriteOp[]): void {
    let outcome: Error | null | undefined
    this.begin(ops, (error) => {
      outcome = error
    })
    this.settle()
    if (outcome === undefined) throw new WriteWorkerGone(this.goneMessage())
    if (outcome !== null) throw outcome
  }

  /** Waits on this thread until every batch under way is answered; each one's `done` runs before this returns. */
  settle(): void {
    const port = this.port
    if (port === null) return
    const deadline = performance.now() + (this.options.answerWithinMs ?? this.options.busyTimeoutMs + 30_000)
    while (this.waiting.size > 0) {
      const seen = Atomics.load(this.answeredId, 0)
      const received = nodeWorkerThreads().receiveMessageOnPort(port)
      if (received !== undefined) {
        this.answered(received.message as WorkerAnswer)
        continue
      }
      const left = deadline - performance.now()
      if (left <= 0) {
        this.fail(new WriteWorkerGone('The cache\'s write worker stopped answering'))
        return
      }
      Atomics.wait(this.answeredId, 0, seen, left)
    }
  }

  /** The cache file was replaced: later batches go to `path`. */
  reopen(path: string): void {
    this.options.path = path
    if (this.worker !== null) this.send({ type: 'open', path })
  }

  /** The file may grow to `pages` at most (null: no limit), from the next batch on: how the tests make a full disk. */
  limitPages(pages: number | null): void {
    this.started()
    this.send({ type: 'max-pages', pages })
  }

  /** Lets the worker close its connection and end; batches under way are answered first. */
  async close(): Promise<void> {
    if (this.closed) return
    this.settle()
    this.closed = true
    this.clearIdle()
    const worker = this.worker
    if (worker === null) return
    this.send({ type: 'close' })
    this.toldReady(false)
    this.worker = null
    this.port?.close()
    this.port = null
    await new Promise<void>((resolve) => {
      // Waited for: a closing process stays up until the connection is closed.
      worker.ref()
      worker.once('exit', () => resolve())
      // A worker that does not end by itself soon is ended.
      setTimeout(() => void worker.terminate(), 2_000).unref()
    })
  }

  private started(): MessagePort {
    if (this.port !== null) return this.port
    const { port1, port2 } = new (nodeWorkerThreads().MessageChannel)()
    const setup: WriteWorkerSetup = {
      path: this.options.path,
      busyTimeoutMs: this.options.busyTimeoutMs,
      cacheKiB: this.options.cacheKiB,
      notificationCap: this.options.notificationCap,
      port: port2,
      signal: this.signal,
    }
    const worker = new (nodeWorkerThreads().Worker)(WRITE_WORKER_SOURCE, {
      eval: true,
      workerData: setup,
      transferList: [port2],
      // A batch is at most a few thousand records: this bounds the thread's memory (one that runs out dies, and the main connection writes).
      // V8 grows a heap to its limit before it collects much, and this thread gets no memory-reducing collections.
      resourceLimits: { maxOldGenerationSizeMb: 48, maxYoungGenerationSizeMb: 8 },
    })
    worker.on('error', (error) => {
      if (this.worker === worker) this.fail(error)
    })
    worker.on('exit', (code) => {
      if (this.worker === worker) this.fail(new WriteWorkerGone(`The cache's write worker stopped (exit code ${code})`))
    })
    // The worker alone never keeps the process up; the port does while a batch is under way.
    worker.unref()
    port1.on('message', (answer: WorkerAnswer) => this.answered(answer))
    port1.unref()
    this.worker = worker
    this.port = port1
    return port1
  }

  private send(request: WorkerRequest): void {
    this.port?.postMessage(request)
  }

  private answered({ id, ready, changes, error }: WorkerAnswer): void {
    if (ready === true) {
      this.isReady = true
      this.toldReady(true)
      return
    }
    const done = this.waiting.get(id)
    if (done === undefined) return
    this.waiting.delete(id)
    if (this.waiting.size === 0) this.port?.unref()
    if (changes !== undefined && changes.length > 0) this.options.onRecordChanged(changes)
    done(error === undefined ? null : Object.assign(new Error(error.message), error))
    if (this.waiting.size === 0) {
      this.becameIdle()
      this.retireWhenIdle()
    }
  }

  /**
   * An app that goes quiet keeps no thread, heap and page cache for writes:
   * the worker is let go after a quiet spell, and the next batch starts
   * another (the queue writes on the main connection until it is up).
   */
  private retireWhenIdle(): void {
    this.clearIdle()
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null
      const worker = this.worker
      if (worker === null || this.waiting.size > 0 || this.closed) return
      this.send({ type: 'close' })
      // Ended by itself once its connection is closed; its exit is no failure (it is no longer this.worker).
      this.worker = null
      this.port?.close()
      this.port = null
      this.isReady = false
    }, this.options.idleMs ?? 30_000)
    this.idleTimer.unref()
  }

  private clearIdle(): void {
    if (this.idleTimer !== null) clearTimeout(this.idleTimer)
    this.idleTimer = null
  }

  private toldReady(ready: boolean): void {
    const waiters = this.readyWaiters
    this.readyWaiters = []
    for (const resolve of waiters) resolve(ready)
  }

  private becameIdle(): void {
    const waiters = this.idleWaiters
    this.idleWaiters = []
    for (const resolve of waiters) resolve()
  }

  private fail(error: Error): void {
    this.gone ??= error
    this.clearIdle()
    const worker = this.worker
    this.worker = null
    this.port?.close()
    this.port = null
    const waiting = [...this.waiting.values()]
    this.waiting.clear()
    for (const done of waiting) done(new WriteWorkerGone(error.message))
    this.becameIdle()
    this.toldReady(false)
    void worker?.terminate()
  }

  private goneMessage(): string {
    return this.gone?.message ?? 'The cache\'s write worker is closed'
  }
}
