/**
 * The naive way to keep history: one JSON file, read whole at start and
 * rewritten whole for every new event. Written in slices so that no single
 * string holds a whole million records.
 */
import { closeSync, createWriteStream, openSync, writeSync, type WriteStream } from 'node:fs'
import { once } from 'node:events'
import { cachedProofs, historyRecords } from './records'

/** What the cold start of a JSON-file app reads: the same history as the cache, by kind, oldest first. */
export interface JsonHistory {
  proofs: unknown[]
  transactions: unknown[]
  notifications: unknown[]
}

async function write(out: WriteStream, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain')
}

/** Writes `items` as a JSON array, 10,000 at a time. */
async function writeArray(out: WriteStream, items: Iterable<unknown>): Promise<void> {
  await write(out, '[')
  let slice: string[] = []
  let first = true
  const flush = async () => {
    if (slice.length === 0) return
    await write(out, (first ? '' : ',') + slice.join(','))
    first = false
    slice = []
  }
  for (const item of items) {
    slice.push(JSON.stringify(item))
    if (slice.length === 10_000) await flush()
  }
  await flush()
  await write(out, ']')
}

async function finish(out: WriteStream): Promise<void> {
  out.end()
  await once(out, 'finish')
}

/** `count` proofs as one JSON array (the append baseline's history). */
export async function writeJsonProofs(path: string, count: number, seed: number): Promise<void> {
  const out = createWriteStream(path)
  await writeArray(out, cachedProofs(count, seed))
  await finish(out)
}

/** The cache fixture's records (historyRecords with the same count and seed) as one JsonHistory file. */
export async function writeJsonHistory(path: string, count: number, seed: number): Promise<void> {
  const out = createWriteStream(path)
  const of = function* (kind: 'proof' | 'transaction' | 'activity') {
    for (const record of historyRecords(count, seed)) {
      if (record.kind !== kind) continue
      yield record.kind === 'proof' ? record.proof : record.kind === 'transaction' ? record.transaction : record.activity
    }
  }
  await write(out, '{"proofs":')
  await writeArray(out, of('proof'))
  await write(out, ',"transactions":')
  await writeArray(out, of('transaction'))
  await write(out, ',"notifications":')
  await writeArray(out, of('activity'))
  await write(out, '}')
  await finish(out)
}

/** Rewrites the whole JSON history: what a JSON-file cache does for every new event. */
export function rewriteJsonHistory(path: string, records: readonly unknown[]): void {
  const fd = openSync(path, 'w')
  try {
    writeSync(fd, JSON.stringify(records))
  } finally {
    closeSync(fd)
  }
}
