import { once } from 'node:events'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Proof, Transaction } from '@shared/domain'
import type { ExportRequest, ExportResult } from '@shared/history'
import { EXPORT_COLUMNS, csvCell, exportToFile, writeExport } from './export'
import { HistoryCache } from './history-cache'
import { type IndexerHistory } from './indexer-history'
import { testAuthority, testProof, testTransaction } from '@test/support/history-test-data'
import { MEMORY_PATH } from './database'
import { tempDir } from '@test/support/temp-dir'

/**
 * Enough rows that the export is many times what may ever wait in the
 * destination's buffer, so streaming shows; the benchmark times an export of
 * 100,000 (bench/pipeline/loop-delay.ts).
 */
const ROWS = 10_000
/** What may wait in the destination's buffer at most: its high-water mark (64 KB) and a few pages of 100 rows (about 30 KB each). */
const MAX_BUFFERED = 256 * 1024
const INDEXER = 'http://127.0.0.1:8787'

let store: HistoryCache
let history: IndexerHistory
/** What was cached, newest first (the list order). */
let proofs: Proof[]
let transactions: Transaction[]

beforeAll(async () => {
  store = HistoryCache.open({ path: MEMORY_PATH })
  history = store.forIndexer(INDEXER)
  proofs = []
  for (let first = 0; first < ROWS; first += 5000) {
    const batch = Array.from({ length: 5000 }, (_, offset) =>
      testProof(first + offset, first + offset === 7 ? { extra: { circuitName: '=HYPERLINK("x")', note: 'a,"b"\nc' } } : {}),
    )
    history.recordProofs(batch)
    proofs.push(...batch)
  }
  transactions = Array.from({ length: 3000 }, (_, index) => testTransaction(index, index === 5 ? { blockTimeMs: null } : {}))
  history.recordTransactions(transactions)
  await store.flush()
  proofs.reverse()
  transactions.reverse()
  return () => store.close()
}, 120_000)

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks); each line ends with CRLF. */
function parseCsv(text: string): string[][] {
  const field = /(?:"((?:[^"]|"")*)"|([^",\r\n]*))(,|\r\n)/y
  const records: string[][] = []
  let record: string[] = []
  field.lastIndex = 0
  while (field.lastIndex < text.length) {
    const match = field.exec(text)
    if (match === null) throw new Error(`not CSV at ${field.lastIndex}: ${JSON.stringify(text.slice(field.lastIndex, field.lastIndex + 40))}`)
    record.push(match[1] !== undefined ? match[1].replace(/""/g, '"') : (match[2] as string))
    if (match[3] === '\r\n') {
      records.push(record)
      record = []
    }
  }
  return records
}

const text = (value: unknown) => (value === null || value === undefined ? '' : String(value))
const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString())
const guarded = (value: string) => (/^[=+\-@]/.test(value) ? `'${value}` : value)

/** The CSV row a proof should become, built here independently of the exporter's columns. */
function proofCsvRow(proof: Proof): string[] {
  return [
    proof.proofAccount,
    text(proof.signature),
    text(proof.authority),
    text(proof.circuitId),
    guarded(text(proof.circuitName)),
    text(proof.proofType),
    text(proof.verified),
    iso(proof.verifiedAt),
    text(proof.slotVerified),
    text(proof.revoked),
    JSON.stringify(proof.publicInputs),
    Object.keys(proof.extra).length === 0 ? '' : JSON.stringify(proof.extra),
  ]
}

/** A record as the JSON export writes it: no raw copy, ISO UTC times, the fee named with its unit (as the CSV's columns). */
function withoutRaw<T extends { raw: unknown }>(record: T): Record<string, unknown> {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { raw, ...rest } = record
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'fee') out.fee_lamports = value
    else if (key === 'blockTime' || key === 'verifiedAt') out[key] = value === null ? null : new Date(value as number).toISOString()
    else out[key] = value
  }
  return out
}

/** A destination that takes its time and reports how much was ever waiting in its buffer. */
class SlowSink extends Writable {
  chunks: Buffer[] = []
  maxBuffered = 0
  constructor(private readonly failAfterBytes = Number.POSITIVE_INFINITY) {
    super({ highWaterMark: 64 * 1024 })
  }
  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.maxBuffered = Math.max(this.maxBuffered, this.writableLength)
    this.chunks.push(chunk)
    const written = this.chunks.reduce((sum, c) => sum + c.length, 0)
    if (written > this.failAfterBytes) {
      callback(Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }))
      return
    }
    setImmediate(() => callback())
  }
  text(): string {
    return Buffer.concat(this.chunks).toString('utf8')
  }
}

/** Exports into a slow sink and waits until it has taken everything. */
async function exportInto(sink: SlowSink, request: ExportRequest): Promise<ExportResult> {
  const result = await writeExport(history, request, sink)
  sink.end()
  await once(sink, 'finish')
  return result
}

describe('export of cached rows', () => {
  it(`${ROWS.toLocaleString('en-US')} proofs as CSV, row by row, streamed with backpressure`, { timeout: 60_000 }, async () => {
    const sink = new SlowSink()
    const result = await exportInto(sink, { kind: 'proofs', format: 'csv', filter: {} })
    expect(result).toMatchObject({ kind: 'proofs', format: 'csv', rows: ROWS, path: null })
    const output = sink.text()
    expect(result.bytes).toBe(Buffer.byteLength(output))
    const records = parseCsv(output)
    expect(records[0]).toEqual([...EXPORT_COLUMNS.proofs])
    expect(records.length).toBe(ROWS + 1)
    for (let index = 0; index < ROWS; index++) {
      const expected = proofCsvRow(proofs[index] as Proof)
      if (records[index + 1]!.join('\u0001') !== expected.join('\u0001')) expect(records[index + 1]).toEqual(expected)
    }
    // Never more than a few pages waited in the destination's buffer: the rows were not all held at once.
    expect(sink.maxBuffered).toBeLessThan(MAX_BUFFERED)
    expect(output.length).toBeGreaterThan(10 * MAX_BUFFERED)
  })

  it(`${ROWS.toLocaleString('en-US')} proofs as JSON to a file, row by row`, { timeout: 60_000 }, async () => {
    const dir = tempDir()
    const path = join(dir, 'proofs.json')
    const result = await exportToFile(history, { kind: 'proofs', format: 'json', filter: {} }, path)
    expect(result).toMatchObject({ rows: ROWS, path })
    expect(readdirSync(dir)).toEqual(['proofs.json'])
    const items = JSON.parse(readFileSync(path, 'utf8')) as unknown[]
    expect(items.length).toBe(ROWS)
    for (let index = 0; index < ROWS; index++) {
      const expected = withoutRaw(proofs[index] as Proof)
      if (JSON.stringify(items[index]) !== JSON.stringify(expected)) expect(items[index]).toEqual(expected)
    }
  })

  it('exports what the filter shows, and transactions too', async () => {
    const authority = testAuthority(2)
    const sink = new SlowSink()
    const result = await exportInto(sink, { kind: 'proofs', format: 'json', filter: { authority, type: 'balance', limit: 3, cursor: 'ignored' } })
    const expected = proofs.filter((p) => p.authority === authority && p.proofType === 'BALANCE').map(withoutRaw)
    expect(result.rows).toBe(expected.length)
    expect(JSON.parse(sink.text())).toEqual(expected)

    const csv = new SlowSink()
    await exportInto(csv, { kind: 'transactions', format: 'csv', filter: { status: 'FAILED' } })
    const rows = parseCsv(csv.text())
    const failed = transactions.filter((t) => t.status === 'FAILED')
    expect(rows[0]).toEqual([...EXPORT_COLUMNS.transactions])
    expect(rows.slice(1)).toEqual(
      failed.map((t) => [t.signature, text(t.slot), iso(t.blockTime), text(t.fee), text(t.feePayer), text(t.status), text(t.computeUnits), t.programIds.join(' '), '']),
    )
    // The same times and the same fee column in JSON as in CSV (issue 23, defect 4).
    expect(rows[0]).toContain('fee_lamports')
    const json = new SlowSink()
    await exportInto(json, { kind: 'transactions', format: 'json', filter: { status: 'FAILED' } })
    const items = JSON.parse(json.text()) as Array<Record<string, unknown>>
    const timeColumn = rows[0]!.indexOf('blockTime')
    const feeColumn = rows[0]!.indexOf('fee_lamports')
    expect(items.map((item) => [item.blockTime ?? '', item.fee_lamports ?? ''])).toEqual(rows.slice(1).map((row) => [row[timeColumn], row[feeColumn]]))
    expect(items[0]).not.toHaveProperty('fee')
    const empty = new SlowSink()
    await exportInto(empty, { kind: 'transactions', format: 'json', filter: { pubkey: '1'.repeat(44) } })
    expect(JSON.parse(empty.text())).toEqual([])
  })

  it('lets the event loop run between two pages, also into a stream that always has room', async () => {
    const events: string[] = []
    const out = new Writable({
      highWaterMark: 1 << 30,
      write(_chunk, _encoding, done) {
        events.push('page')
        done()
      },
    })
    let exporting = true
    const turn = (): void => {
      events.push('turn')
      if (exporting) setImmediate(turn)
    }
    setImmediate(turn)
    const result = await writeExport(history, { kind: 'transactions', format: 'csv', filter: {} }, out, { pageSize: 500, turnMs: 0 })
    exporting = false
    expect(result.rows).toBe(3000)
    // The header, then six pages; between two pages the loop turned.
    expect(events.filter((event) => event === 'page')).toHaveLength(7)
    const pages = events.slice(events.indexOf('page') + 1).join(' ')
    expect(pages).not.toMatch(/page page/)
  })

  it('a destination that fails (a full disk) fails the export with the reason', async () => {
    const sink = new SlowSink(256 * 1024)
    await expect(writeExport(history, { kind: 'proofs', format: 'csv', filter: {} }, sink)).rejects.toThrow(/ENOSPC/)
  })

  it('a file that cannot be written leaves nothing behind and says where', async () => {
    const dir = tempDir()
    const path = join(dir, 'missing', 'proofs.csv')
    await expect(exportToFile(history, { kind: 'proofs', format: 'csv', filter: {} }, path)).rejects.toMatchObject({
      code: 'INTERNAL',
      message: expect.stringContaining(path),
    })
    expect(existsSync(join(dir, 'missing'))).toBe(false)
  })

  it('refuses a request it cannot serve, before writing anything', async () => {
    const sink = new SlowSink()
    await expect(writeExport(history, { kind: 'blocks', format: 'csv', filter: {} } as never, sink)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    await expect(writeExport(history, { kind: 'proofs', format: 'xml', filter: {} } as never, sink)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    await expect(writeExport(history, { kind: 'proofs', format: 'csv', filter: { authority: 'bad!' } }, sink)).rejects.toMatchObject({ code: 'INVALID_ARGUMENT' })
    expect(sink.chunks).toEqual([])
  })

  it('quotes CSV cells and defuses spreadsheet formulas', () => {
    expect(csvCell('plain')).toBe('plain')
    expect(csvCell('a,b')).toBe('"a,b"')
    expect(csvCell('say "hi"\n')).toBe('"say ""hi""\n"')
    expect(csvCell('=1+1')).toBe("'=1+1")
    expect(csvCell('-x')).toBe("'-x")
    expect(csvCell(-5)).toBe('-5')
    expect(csvCell(null)).toBe('')
  })
})
