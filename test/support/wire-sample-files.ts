/**
 * Reading the reference deployment's recorded answers and socket messages
 * (test/fixtures/wire-samples/) for the wire-samples test's case tables.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Page } from '@shared/domain'
import { decodeErrorBody } from '../../src/main/core/indexer/decode'

export const WIRE_SAMPLES_DIR = join(import.meta.dirname, '../fixtures/wire-samples')

export interface HttpSample {
  request: string
  status: number
  headers: Record<string, string>
  body: Record<string, unknown>
}

export function loadHttp(name: string): HttpSample {
  return JSON.parse(readFileSync(join(WIRE_SAMPLES_DIR, name), 'utf8')) as HttpSample
}

export function frameText(name: string): string {
  return readFileSync(join(WIRE_SAMPLES_DIR, name), 'utf8')
}

export function requestUrl(sample: HttpSample): URL {
  return new URL(sample.request.replace(/^GET /, ''), 'http://indexer.invalid')
}

export function errorOf(sample: HttpSample) {
  return decodeErrorBody(sample.status, JSON.stringify(sample.body), sample.headers['content-type'] ?? null)
}

/**
 * A recorded page through its decoder: one item per raw item, each agreeing
 * with its raw record, and a cursor that is base64url of the last item's key
 * (the reference deployment's cursor).
 */
export function decodedPage<T>(
  name: string,
  decode: (body: unknown) => Page<T>,
  agreesWithRaw: (item: T, raw: Record<string, unknown>) => void,
  key: (item: T) => string,
): Page<T> {
  const sample = loadHttp(name)
  const page = decode(sample.body)
  const rawItems = sample.body.items as Array<Record<string, unknown>>
  expect(page.items).toHaveLength(rawItems.length)
  page.items.forEach((item, index) => agreesWithRaw(item, rawItems[index] as Record<string, unknown>))
  if (page.nextCursor !== null) {
    const last = page.items.at(-1)
    expect(last).toBeDefined()
    expect(Buffer.from(page.nextCursor, 'base64url').toString('utf8')).toBe(key(last as T))
  }
  return page
}
