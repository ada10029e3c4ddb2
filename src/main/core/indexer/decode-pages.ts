/**
 * How any record and any page of the indexer is decoded (decode-records.ts
 * says which fields each has): a record's fields converted one by one, what
 * its decoder does not know kept beside it, a failure naming the field and
 * the item's position, and a page cut to the `limit` asked before anything
 * is parsed.
 */
import type { Page } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { decodeFailure, isJsonObject, toText, toU64, unknownFields, type Field, type JsonObject } from './decode-values'
import { pickFromLevels, unwrapList } from './decode-envelopes'

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

type Shape = Record<string, Field<unknown>>

/** What a shape decodes to: each field as its converter makes it. */
type Decoded<S extends Shape> = { [K in keyof S]: S[K] extends Field<infer T> ? T : never }

/**
 * A record's decoder: `parse` is the shape's fields, in the shape's order;
 * `kept` keeps a record as received, and what its decoder does not know (the
 * shape's names and `alsoKnown`); `decode` is the fields with what is kept.
 * The shape is made on first use: making every decoder's shape when the
 * module loads cost a cold start that decodes only proofs from the cache.
 */
export function recordDecoder<S extends Shape>(makeShape: () => S, alsoKnown: readonly string[] = []) {
  let built: { fields: Array<[string, Field<unknown>]>; known: ReadonlySet<string> } | undefined
  const build = () => {
    if (built) return built
    const shape = makeShape()
    built = { fields: Object.entries(shape), known: new Set([...Object.keys(shape), ...alsoKnown]) }
    return built
  }
  const parse = (record: JsonObject, what: string): Decoded<S> => {
    const decoded: Record<string, unknown> = {}
    for (const [name, field] of build().fields) {
      const value = field.convert(record[name])
      if (value === null && field.expected !== null) throw decodeFailure(`Expected ${what} with ${name} as ${field.expected}`, record)
      decoded[name] = value
    }
    return decoded as Decoded<S>
  }
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
