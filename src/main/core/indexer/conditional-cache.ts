/**
 * Bodies of GET responses kept with their validators (ETag, Last-Modified),
 * so asking again sends If-None-Match / If-Modified-Since and a 304 answers
 * with what is held. Bounded: the least recently used entry goes first, and
 * large bodies (long list pages) are not kept at all.
 */
import type { AnswerHeaders } from './http-transport'

export interface HeldResponse {
  /** Headers to send when asking again. */
  validators: Record<string, string>
  body: unknown
}

export interface ConditionalCacheOptions {
  /** Default 64. */
  maxEntries?: number
  /** Bodies longer than this (characters of JSON) are not kept. Default 256 KiB. */
  maxBodyChars?: number
}

export interface ConditionalCounts {
  /** Responses kept because they carried a validator. */
  stored: number
  /** 304 answers served from what was kept. */
  notModified: number
}

export class ConditionalCache {
  private readonly entries = new Map<string, HeldResponse>()
  private readonly maxEntries: number
  private readonly maxBodyChars: number
  readonly counts: ConditionalCounts = { stored: 0, notModified: 0 }

  constructor(options: ConditionalCacheOptions = {}) {
    this.maxEntries = options.maxEntries ?? 64
    this.maxBodyChars = options.maxBodyChars ?? 256 * 1024
  }

  get size(): number {
    return this.entries.size
  }

  /** One entry per URL and credentials: another user may get another answer. */
  keyFor(url: string, headers: Record<string, string>): string {
    const names = Object.keys(headers).sort()
    return names.length === 0 ? url : `${url}\n${JSON.stringify(names.map((name) => [name, headers[name]]))}`
  }

  get(key: string): HeldResponse | undefined {
    const held = this.entries.get(key)
    if (held !== undefined) {
      // Most recently used last, so eviction takes the first.
      this.entries.delete(key)
      this.entries.set(key, held)
    }
    return held
  }

  store(key: string, headers: AnswerHeaders, body: unknown, bodyChars: number): void {
    const etag = headers.get('etag')
    const lastModified = headers.get('last-modified')
    this.entries.delete(key)
    if ((etag === null && lastModified === null) || bodyChars > this.maxBodyChars) return
    const validators: Record<string, string> = {}
    if (etag !== null) validators['if-none-match'] = etag
    if (lastModified !== null) validators['if-modified-since'] = lastModified
    this.entries.set(key, { validators, body })
    this.counts.stored++
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  noteNotModified(_key: string): void {
    this.counts.notModified++
  }

  clear(): void {
    this.entries.clear()
  }
}
