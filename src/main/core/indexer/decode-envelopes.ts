/**
 * Finding a record or a list inside whatever envelope the server wraps it in:
 * bare, `{ ok, <name>: … }`, `{ data: … }`, or a few levels of these.
 */
import { ProofWatchError } from '@shared/errors'
import { decodeFailure, isJsonObject, type JsonObject } from './decode-values'
import { serverErrorFields } from './decode-errors'

/** Envelopes nest at most this deep; deeper bodies are not guessed at. */
const MAX_ENVELOPE_DEPTH = 3

/** A 2xx body that still says `ok: false` is the server's error, not data. */
export function rejectErrorEnvelope(body: unknown): void {
  if (!isJsonObject(body) || body.ok !== false) return
  const { serverCode, message } = serverErrorFields(body)
  const info = { code: 'HTTP' as const, message: message ?? 'The indexer answered ok: false', retryable: false }
  throw new ProofWatchError(serverCode === undefined ? info : { ...info, serverCode })
}

/**
 * The record inside `body`: the first level that has one of `identifyingKeys`,
 * else the innermost level reached through `envelopeKeys`.
 */
export function unwrapRecord(
  body: unknown,
  envelopeKeys: readonly string[],
  identifyingKeys: readonly string[],
  what: string,
): JsonObject {
  rejectErrorEnvelope(body)
  let current = body
  for (let depth = 0; depth < MAX_ENVELOPE_DEPTH && isJsonObject(current); depth++) {
    const level: JsonObject = current
    if (identifyingKeys.some((key) => key in level)) return level
    const envelopeKey = envelopeKeys.find((key) => isJsonObject(level[key]))
    if (envelopeKey === undefined) return level
    current = level[envelopeKey]
  }
  if (isJsonObject(current)) return current
  throw decodeFailure(`Expected ${what} as a JSON object`, body)
}

export interface UnwrappedList {
  list: unknown[]
  /** The objects passed on the way in, innermost last: where cursors and totals sit. */
  levels: JsonObject[]
}

export function unwrapList(body: unknown, listKeys: readonly string[], what: string): UnwrappedList {
  rejectErrorEnvelope(body)
  const levels: JsonObject[] = []
  let current = body
  for (let depth = 0; depth <= MAX_ENVELOPE_DEPTH; depth++) {
    if (Array.isArray(current)) return { list: current, levels }
    if (!isJsonObject(current)) break
    const level: JsonObject = current
    levels.push(level)
    const listKey =
      listKeys.find((key) => Array.isArray(level[key])) ?? listKeys.find((key) => isJsonObject(level[key]))
    if (listKey === undefined) break
    current = level[listKey]
  }
  throw decodeFailure(`Expected ${what} as a list, bare or under ${listKeys.map((k) => `"${k}"`).join(', ')}`, body)
}

/** The first value found under one of `names`, innermost level first. */
export function pickFromLevels(levels: readonly JsonObject[], names: readonly string[]): unknown {
  for (let index = levels.length - 1; index >= 0; index--) {
    const level = levels[index]
    if (level === undefined) continue
    for (const name of names) {
      if (level[name] !== undefined) return level[name]
    }
  }
  return undefined
}
