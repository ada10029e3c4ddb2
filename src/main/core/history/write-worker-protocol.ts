/**
 * What the main thread and the cache's write worker say to each other
 * (write-worker.ts, write-worker-thread.ts).
 */
import type { MessagePort } from 'node:worker_threads'
import type { RecordChange } from './history-writer'
import type { WriteOp } from './write-op'

export interface WriteWorkerSetup {
  /** The cache file; changed by an 'open' request when the file is replaced. */
  path: string
  busyTimeoutMs: number
  /** The worker connection's own page cache. */
  cacheKiB: number
  notificationCap: number
  /** Requests come in and answers go out here (a port of its own, so the main thread can read answers without its event loop). */
  port: MessagePort
  /** One Int32: the id of the last batch answered. */
  signal: SharedArrayBuffer
}

export type WorkerRequest =
  | { type: 'batch'; id: number; ops: readonly WriteOp[] }
  /** The file was replaced (damage, a clear): later batches go to this one. */
  | { type: 'open'; path: string }
  | { type: 'close' }
  /** The file may grow to this many pages at most (null: no limit): how the tests make a full disk. */
  | { type: 'max-pages'; pages: number | null }

export interface WorkerAnswer {
  /** 0 for the word that the worker is up. */
  id: number
  /** The worker is up, its connection opened (or the failure to open it left for the first batch to answer). */
  ready?: true
  /** Stored proofs whose standing changed in the committed batch. */
  changes?: RecordChange[]
  /** The batch was rolled back: the SQLite error's fields, for the main thread to tell damage from a bug. */
  error?: { message: string; code?: string; errcode?: number; errstr?: string }
}
