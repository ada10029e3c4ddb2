/**
 * How any record and any page of the indexer is decoded (decode-records.ts
 * says which fields each has): a record's zod schema built on first use,
 * what its decoder does not know kept beside it, a failure naming the item's
 * position, and a page cut to the `limit` asked before anything is parsed.
 */
import { z } from 'zod'
import type { Page } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { decodeFailure, isJsonObject, toText, toU64, unknownFields, type JsonObject } from './decode-values'
import { pickFromLevels, unwrapList } from './decode-envelopes'

function parseRecord<S extends z.ZodType>(schema: S, record: JsonObject, what: string): z.output<S> {
  const result = schema.safeParse(record)
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const field = issue !== undefined && issue.path.length > 0 ? issue.path.join('.') : 'the record'
  throw decodeFailure(`Expected ${what} with ${field} as ${issue?.message ?? 'valid data'}`, record)
}

export function asRecord(value: unknown, what: string): JsonObject {
  if (isJsonObject(value)) return value
  throw decodeFailure(`Expected ${what} as a JSON object`, value)
}

/** Decodes every item; a failure names the item's position and carries that item. */
export function decodeItems<T>(
  list: readonly unknown[],
  decodeItem: (item: unknown, index: number) => T,
  what: string,
): T[] {
  return list.map((item, index) => {
    try {
      return decodeItem(item, index)
    } catch (error) {
      if (error instanceof ProofWatchError && error.code === 'DECODE') {
        throw decodeFailure(`${what}, item ${index}: ${error.message}`, item)
      }
      throw error
    }
  })
}

/**
 * A record's schema, built on first use: building every decoder's schemas when
 * the module loads cost a cold start that decodes only proofs from the cache.
 * `kept` keeps a record as received, and what its decoder does not know (the
 * shape's names and `alsoKnown`); `decode` is the fields with what is kept.
 */
export function recordDecoder<Shape extends z.ZodRawShape>(makeShape: () => Shape, alsoKnown: readonly string[] = []) {
  let built: { schema: z.ZodObject<Shape>; known: ReadonlySet<string> } | undefined
  const build = () => {
    if (built) return built
    const shape = makeShape()
    built = { schema: z.object(shape), known: new Set([...Object.keys(shape), ...alsoKnown]) }
    return built
  }
  const parse = (record: JsonObject, what: string): z.output<z.ZodObject<Shape>> => parseRecord(build().schema, record, what)
  const kept = (raw: JsonObject) => ({ raw, extra: unknownFields(raw, build().known) })
  return { parse, kept, decode: (raw: JsonObject, what: string) => ({ ...parse(raw, what), ...kept(raw) }) }
}

function nextCursorOf(value: unknown): string | null {
  return typeof value === 'number' ? String(value) : toText(value)
}

/**
 * At most how many items a page may hold, and who hears when it held more.
 * An indexer that ignores `limit` can send 200,000 items under the body cap;
 * decoding (and caching, and showing) them all stalled the core for
 * seconds, so only the first `limit` are decoded: the rest are not looked at.
 */
export interface PageCap {
  limit: number
  onTrimmed?(answered: number): void
}

export function decodePage<T>(body: unknown, decodeItem: (item: unknown) => T, what: string, cap?: PageCap): Page<T> {
  const { list: answered, levels } = unwrapList(body, ['items', 'data', 'results'], `a page of ${what}`)
  let list = answered
  if (cap && answered.length > cap.limit) {
    list = answered.slice(0, cap.limit)
    cap.onTrimmed?.(answered.length)
  }
  return {
    items: decodeItems(list, decodeItem, `A page of ${what}`),
    nextCursor: nextCursorOf(pickFromLevels(levels, ['nextCursor', 'next_cursor'])),
    total: toU64(pickFromLevels(levels, ['total'])),
  }
}
