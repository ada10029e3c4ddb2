/**
 * Export of the cached proofs or transactions a filter shows, as CSV or as
 * a JSON array (times ISO 8601 UTC and the fee in `fee_lamports` in both), streamed page by page to a Writable (a file, an HTTP
 * download) and waiting for it to drain: a million rows never sit in memory.
 */
import { once } from 'node:events'
import { setImmediate } from 'node:timers/promises'
import { createWriteStream, renameSync, rmSync } from 'node:fs'
import { nodeCrypto } from '../../runtime/builtins-on-first-use'
import type { Writable } from 'node:stream'
import { PROOF_STATES, type Proof, type ProofState, type Transaction } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import type { ExportRequest, ExportResult } from '@shared/history'
import type { IndexerHistory } from './indexer-history'
import { matchesState } from './proof-listing'
import { errorMessage } from './sqlite-errors'

export interface ExportOptions {
  /** Rows read per query. Default 50: a page of 100 took up to 5 ms to read and format, which a turn could overrun by as much. */
  pageSize?: number
  /** Pages are read and written for about this long before the event loop runs again. Default 5 ms. */
  turnMs?: number
}

interface Column<T> {
  name: string
  value(item: T): unknown
}

const PROOF_COLUMNS: readonly Column<Proof>[] = [
  { name: 'proofAccount', value: (p) => p.proofAccount },
  { name: 'signature', value: (p) => p.signature },
  { name: 'authority', value: (p) => p.authority },
  { name: 'circuitId', value: (p) => p.circuitId },
  { name: 'circuitName', value: (p) => p.circuitName },
  { name: 'proofType', value: (p) => p.proofType },
  { name: 'verified', value: (p) => p.verified },
  { name: 'verifiedAt', value: (p) => isoTime(p.verifiedAt) },
  { name: 'slotVerified', value: (p) => p.slotVerified },
  { name: 'revoked', value: (p) => p.revoked },
  { name: 'publicInputs', value: (p) => JSON.stringify(p.publicInputs) },
  { name: 'extra', value: (p) => jsonOrEmpty(p.extra) },
]

const TRANSACTION_COLUMNS: readonly Column<Transaction>[] = [
  { name: 'signature', value: (t) => t.signature },
  { name: 'slot', value: (t) => t.slot },
  { name: 'blockTime', value: (t) => isoTime(t.blockTime) },
  { name: 'fee_lamports', value: (t) => t.fee },
  { name: 'feePayer', value: (t) => t.feePayer },
  { name: 'status', value: (t) => t.status },
  { name: 'computeUnits', value: (t) => t.computeUnits },
  { name: 'programIds', value: (t) => t.programIds.join(' ') },
  { name: 'extra', value: (t) => jsonOrEmpty(t.extra) },
]

/** The circuit's name where the record has none (a proof seen only on the socket): the same name every view shows. */
function* namedPages(history: IndexerHistory, pages: Iterable<Proof[]>): Generator<Proof[]> {
  let names: Map<string, string | null> | null = null
  for (const page of pages) {
    yield page.map((proof) => {
      if (proof.circuitName !== null || proof.circuitId === null) return proof
      names ??= new Map(history.circuits().data.map((circuit) => [circuit.id, circuit.name]))
      const name = names.get(proof.circuitId) ?? null
      return name === null ? proof : { ...proof, circuitName: name }
    })
  }
}

/** The state filter is not a column of the cache: it is applied to each page read. */
function* statePages(pages: Iterable<Proof[]>, state: ProofState | undefined): Generator<Proof[]> {
  for (const page of pages) {
    const kept = state === undefined ? page : page.filter((proof) => matchesState(proof, state))
    if (kept.length > 0) yield kept
  }
}

/** The CSV header of each kind, for readers of the files. */
export const EXPORT_COLUMNS = {
  proofs: PROOF_COLUMNS.map((column) => column.name),
  transactions: TRANSACTION_COLUMNS.map((column) => column.name),
} as const

/**
 * Writes the export to `out` without ending it (the caller owns the stream).
 * Rejects when the stream fails or closes early.
 */
export async function writeExport(
  history: IndexerHistory,
  request: ExportRequest,
  out: Writable,
  options: ExportOptions = {},
): Promise<ExportResult> {
  const checked = checkRequest(request)
  const pageSize = Math.max(1, Math.floor(options.pageSize ?? 50))
  const turnMs = Math.max(0, options.turnMs ?? 5)
  const sink = new Sink(out)
  try {
    const rows =
      checked.kind === 'proofs'
        ? await writeRows(sink, checked.format, PROOF_COLUMNS, namedPages(history, statePages(history.proofPages(checked.filter, pageSize), checked.filter.state)), turnMs)
        : await writeRows(sink, checked.format, TRANSACTION_COLUMNS, history.transactionPages(checked.filter, pageSize), turnMs)
    return { kind: checked.kind, format: checked.format, rows, bytes: sink.bytes, path: null }
  } finally {
    sink.release()
  }
}

/**
 * Writes the export to `path`: into a temporary file beside it, renamed once
 * complete, so a failed export (a full disk) leaves no half file behind.
 */
export async function exportToFile(history: IndexerHistory, request: ExportRequest, path: string, options: ExportOptions = {}): Promise<ExportResult> {
  const partial = `${path}.${nodeCrypto().randomBytes(6).toString('hex')}.partial`
  const file = createWriteStream(partial, { flags: 'wx' })
  try {
    await once(file, 'open')
    const result = await writeExport(history, request, file, options)
    file.end()
    await once(file, 'close')
    renameSync(partial, path)
    return { ...result, path }
  } catch (error) {
    file.destroy()
    rmSync(partial, { force: true })
    if (error instanceof ProofWatchError && error.code === 'INVALID_ARGUMENT') throw error
    throw new ProofWatchError({ code: 'INTERNAL', message: `The export could not be written to ${path}: ${errorMessage(error)}` }, { cause: error })
  }
}

async function writeRows<T extends Proof | Transaction>(
  sink: Sink,
  format: 'csv' | 'json',
  columns: readonly Column<T>[],
  pages: Iterable<T[]>,
  turnMs: number,
): Promise<number> {
  let rows = 0
  let turnStarted = performance.now()
  if (format === 'csv') await sink.write(`${columns.map((column) => csvCell(column.name)).join(',')}\r\n`)
  else await sink.write('[')
  for (const page of pages) {
    let text = ''
    for (const item of page) {
      if (format === 'csv') text += `${columns.map((column) => csvCell(column.value(item))).join(',')}\r\n`
      else text += `${rows === 0 ? '\n' : ',\n'}${JSON.stringify(exported(item))}`
      rows++
    }
    await sink.write(text)
    // A stream with room answers at once, so without this the whole export would run in one turn of the loop.
    if (performance.now() - turnStarted >= turnMs) {
      await setImmediate()
      turnStarted = performance.now()
    }
  }
  if (format === 'json') await sink.write(rows === 0 ? ']\n' : '\n]\n')
  return rows
}

/**
 * A record as exported: its decoded fields and unknown extras, without the
 * raw copy or view state. Times are ISO 8601 UTC and the fee is named with
 * its unit, as in the CSV, so both files of one list agree.
 */
function exported(item: Proof | Transaction): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { raw, freshness, ...fields } = item as (Proof | Transaction) & { freshness?: unknown }
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'fee') out.fee_lamports = value
    else if (key === 'blockTime' || key === 'verifiedAt') out[key] = isoTime(value as number | null)
    else out[key] = value
  }
  return out
}

/**
 * RFC 4180 quoting; text a spreadsheet would run as a formula (=, +, -, @)
 * gets a leading apostrophe, since records come from a server.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return ''
  let text = typeof value === 'string' ? value : String(value)
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function isoTime(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString()
}

function jsonOrEmpty(value: Record<string, unknown>): string {
  return Object.keys(value).length === 0 ? '' : JSON.stringify(value)
}

/** Requests may come from the renderer untyped. */
function checkRequest(input: unknown): ExportRequest {
  const invalid = (message: string) => new ProofWatchError({ code: 'INVALID_ARGUMENT', message })
  if (typeof input !== 'object' || input === null) throw invalid('An export request must be an object')
  const { kind, format, filter } = input as { kind?: unknown; format?: unknown; filter?: unknown }
  if (kind !== 'proofs' && kind !== 'transactions') throw invalid(`An export is of proofs or transactions; got ${String(kind)}`)
  if (format !== 'csv' && format !== 'json') throw invalid(`An export is CSV or JSON; got ${String(format)}`)
  if (filter !== undefined && (typeof filter !== 'object' || filter === null)) throw invalid('An export filter must be an object')
  const state = kind === 'proofs' ? (filter as { state?: unknown } | undefined)?.state : undefined
  if (state !== undefined && !(PROOF_STATES as readonly unknown[]).includes(state)) throw invalid(`A proof state is verified or revoked; got ${String(state)}`)
  return { kind, format, filter: filter ?? {} } as ExportRequest
}

/** Writes that wait while the stream's buffer is full, and fail once the stream has. */
class Sink {
  bytes = 0
  private failure: Error | null = null
  private readonly onError = (error: Error) => {
    this.failure ??= error
  }

  constructor(private readonly out: Writable) {
    out.on('error', this.onError)
  }

  async write(text: string): Promise<void> {
    if (text === '') return
    this.check()
    this.bytes += Buffer.byteLength(text)
    if (this.out.write(text)) return
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error) => {
        this.out.off('drain', onDrain)
        this.out.off('error', onFailure)
        this.out.off('close', onClose)
        if (error) reject(error)
        else resolve()
      }
      const onDrain = () => done()
      const onFailure = (error: Error) => done(error)
      const onClose = () => done(this.failure ?? new Error('the destination closed before the export was complete'))
      this.out.on('drain', onDrain)
      this.out.on('error', onFailure)
      this.out.on('close', onClose)
    })
    this.check()
  }

  release(): void {
    this.out.off('error', this.onError)
  }

  private check(): void {
    if (this.failure) throw this.failure
    if (this.out.destroyed || this.out.writableEnded) throw new Error('the destination closed before the export was complete')
  }
}
