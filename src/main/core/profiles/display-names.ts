/**
 * Public display names of addresses (GET /api/users/:pubkey), kept in the
 * cache's per-indexer metadata and asked again at most once a day: a name
 * changes rarely, and every list would otherwise cost a request per row.
 * The views ask for the addresses they show; what is held is answered at
 * once, and the rest is read in the background, newest ask first, within a
 * small budget of reads a minute (docs/wire.md: 1,000 a minute for all the
 * app does), each name pushed when read. A failure other than 404 pauses
 * the reads for a while: offline, the names last read are all there is.
 */
import { toErrorInfo } from '@shared/errors'
import { cleanNotificationText } from '@shared/notification-text'
import type { DisplayName, PublicProfile } from '@shared/profiles'
import type { IndexerHistory } from '../history/indexer-history'
import { requirePubkey } from '../indexer/arguments'
import { systemClock, type NotifyClock } from '../notify/timers'

export const DISPLAY_NAME_MAX_AGE_MS = 24 * 60 * 60_000
/** Longer names are cut: a name stands beside a short key in a table cell. */
export const DISPLAY_NAME_MAX = 40
/** Reads a minute at most: a list of 200 authorities takes minutes, and leaves the rate limit to the rest. */
export const DISPLAY_NAME_READS_PER_MINUTE = 30
/** Reads under way at once: one at a time would be slow on a distant indexer, many would all fail together. */
export const DISPLAY_NAME_READS_AT_ONCE = 2
/** Addresses waiting to be read; the oldest asks go first when more are asked (they have likely scrolled away). */
export const DISPLAY_NAME_WAITING_MAX = 200
/** Names kept in the cache at most; past it the longest-read go (a name is read again when a view shows it). */
export const DISPLAY_NAMES_KEPT = 2_000
/** After a failure other than 404 (offline, 429, 500) no name is read for this long. */
export const DISPLAY_NAME_PAUSE_MS = 5 * 60_000
const MINUTE_MS = 60_000
const METADATA_KEY = 'displayNames'

interface Held {
  name: string | null
  readAt: number
}

export interface DisplayNamesOptions {
  client: { publicProfile(pubkey: string): Promise<PublicProfile> }
  history: Pick<IndexerHistory, 'metadata' | 'updateMetadata'>
  /** Names read in the background, as each arrives. */
  onRead?: (names: DisplayName[]) => void
  clock?: NotifyClock
}

/** A name as it may be shown: no control, bidi or zero-width characters, whitespace collapsed, cut; null when nothing is left. */
export function cleanDisplayName(name: string | null): string | null {
  const clean = name === null ? '' : cleanNotificationText(name, DISPLAY_NAME_MAX)
  return clean === '' ? null : clean
}

export class DisplayNames {
  /** Insertion order is ask order: the newest ask is read first. */
  private readonly waiting = new Set<string>()
  private readonly reading = new Set<string>()
  /** When each read of the last minute started. */
  private readTimes: number[] = []
  private pausedUntil = 0
  private timer: unknown = null
  private stopped = false
  private readonly clock: NotifyClock
  /** What the cache holds, read from it once: notification texts ask for a name per entry. */
  private held: Map<string, Held> | null = null

  constructor(private readonly options: DisplayNamesOptions) {
    this.clock = options.clock ?? systemClock
  }

  /** What is held for each address now; those not read within a day are read in the background and pushed. */
  ask(pubkeys: readonly string[]): DisplayName[] {
    const checked = pubkeys.map((pubkey) => requirePubkey(pubkey, 'The address'))
    const now = this.clock.now()
    const all = this.names()
    const answers = checked.map((pubkey) => {
      const held = all.get(pubkey) ?? null
      const fresh = held !== null && now - held.readAt >= 0 && now - held.readAt < DISPLAY_NAME_MAX_AGE_MS
      if (!fresh && !this.reading.has(pubkey)) this.wait(pubkey)
      return { pubkey, displayName: held?.name ?? null, readAt: held?.readAt ?? null }
    })
    this.drain()
    return answers
  }

  /** The name last read for an address, however old (for notification texts, built without waiting). */
  nameOf(pubkey: string): string | null {
    return this.names().get(pubkey)?.name ?? null
  }

  /** The cache was cleared: what is held is read from it again. */
  forget(): void {
    this.held = null
  }

  stop(): void {
    this.stopped = true
    if (this.timer !== null) this.clock.clearTimeout(this.timer)
    this.timer = null
    this.waiting.clear()
  }

  private wait(pubkey: string): void {
    this.waiting.delete(pubkey)
    this.waiting.add(pubkey)
    for (const oldest of this.waiting) {
      if (this.waiting.size <= DISPLAY_NAME_WAITING_MAX) break
      this.waiting.delete(oldest)
    }
  }

  /** Starts the reads the budget allows now, and sets a timer for when it allows the next. */
  private drain(): void {
    if (this.stopped || this.timer !== null) return
    while (this.waiting.size > 0 && this.reading.size < DISPLAY_NAME_READS_AT_ONCE) {
      const now = this.clock.now()
      this.readTimes = this.readTimes.filter((at) => now - at < MINUTE_MS)
      const nextAt = now < this.pausedUntil ? this.pausedUntil : this.readTimes.length >= DISPLAY_NAME_READS_PER_MINUTE ? (this.readTimes[0] ?? now) + MINUTE_MS : now
      if (nextAt > now) {
        this.timer = this.clock.setTimeout(() => {
          this.timer = null
          this.drain()
        }, nextAt - now)
        return
      }
      const newest = [...this.waiting].pop() as string
      this.waiting.delete(newest)
      this.readTimes.push(now)
      this.reading.add(newest)
      void this.read(newest).finally(() => this.drain())
    }
  }

  private async read(pubkey: string): Promise<void> {
    try {
      const name = await this.askIndexer(pubkey)
      if (name === undefined || this.stopped) return
      const readAt = this.clock.now()
      const held = this.names()
      held.delete(pubkey)
      held.set(pubkey, { name, readAt })
      // A null removes a key (json_patch): the longest-read names go past the bound.
      const dropped: Record<string, null> = {}
      for (const [oldest] of held) {
        if (held.size <= DISPLAY_NAMES_KEPT) break
        held.delete(oldest)
        dropped[oldest] = null
      }
      this.options.history.updateMetadata({ [METADATA_KEY]: { ...dropped, [pubkey]: { name, readAt } } })
      this.options.onRead?.([{ pubkey, displayName: name, readAt }])
    } catch {
      // The cache could not keep it (closing): asked again another time.
    } finally {
      this.reading.delete(pubkey)
    }
  }

  /** The name, null for none, or undefined when the indexer could not say (reads then pause, and it waits its turn again). */
  private async askIndexer(pubkey: string): Promise<string | null | undefined> {
    try {
      return cleanDisplayName((await this.options.client.publicProfile(pubkey)).displayName)
    } catch (error) {
      // No such user (or no profiles on this indexer) is an answer, kept for a day like a name.
      if (toErrorInfo(error).status === 404) return null
      this.pausedUntil = this.clock.now() + DISPLAY_NAME_PAUSE_MS
      if (!this.stopped) this.wait(pubkey)
      return undefined
    }
  }

  /** The names held, oldest read first (a file's order is sorted once, then kept by each read). */
  private names(): Map<string, Held> {
    if (this.held !== null) return this.held
    const stored = this.options.history.metadata()[METADATA_KEY]
    const all = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {}
    const entries = Object.keys(all).flatMap((pubkey) => {
      const held = heldIn(all, pubkey)
      return held === null ? [] : [[pubkey, held] as const]
    })
    this.held = new Map(entries.sort((a, b) => a[1].readAt - b[1].readAt))
    return this.held
  }
}

function heldIn(all: Record<string, unknown>, pubkey: string): Held | null {
  const entry = all[pubkey]
  if (typeof entry !== 'object' || entry === null) return null
  // No name is kept as no key: the cache merges with json_patch, where a null deletes.
  const { name = null, readAt } = entry as Record<string, unknown>
  if (typeof readAt !== 'number' || (name !== null && typeof name !== 'string')) return null
  return { name: cleanDisplayName(name), readAt }
}
