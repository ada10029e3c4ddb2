import type { ErrorInfo } from '@shared/domain'
import type { Freshness as ResultFreshness } from '@shared/history'
import { formatLocalTime } from '@renderer/format/time'
import { formatRelativeTime } from '@renderer/format/relative-time'
import { interval } from './following'

/**
 * Where what a view shows comes from, and since when: a result's Freshness,
 * or `live` for what pushed events keep current.
 */
export interface BadgeFreshness {
  /** `live`: kept current by pushed events; `polled`: by checks over HTTP every `everyMs`; `network`: fetched; `cache`: from the local history. */
  source: ResultFreshness['source'] | 'live' | 'polled'
  /** For `polled`: how often it is checked. */
  everyMs?: number
  /** Epoch ms the data was fetched from the indexer; null when unknown. */
  fetchedAt: number | null
  /** Set while the indexer cannot be reached: why, in words. */
  offline?: { message: string }
}

/** The badge's props under the name the views import. */
export type Freshness = BadgeFreshness

export type FreshnessTone = 'ok' | 'neutral' | 'warn' | 'bad'

export interface FreshnessView {
  text: string
  tone: FreshnessTone
  /** The exact time and the reason, for the tooltip. */
  title: string
}

/** "Live", "Updated 2 minutes ago", "Cached 3 hours ago", "Offline — cached 3 hours ago". */
export function describeFreshness(freshness: BadgeFreshness, now: number, locale?: string): FreshnessView {
  const { source, fetchedAt, offline } = freshness
  const age = fetchedAt === null ? null : formatRelativeTime(fetchedAt, now, locale)
  const at = fetchedAt === null ? '' : formatLocalTime(fetchedAt, locale)
  const verb = source === 'cache' ? 'cached' : 'updated'
  if (offline) {
    // Without a time the badge cannot know whether rows are shown below it (a later page may be the empty one): it claims no more than it knows.
    const text = age === null ? 'Offline — showing what is saved' : `Offline — ${verb} ${age}`
    return { text, tone: 'bad', title: [offline.message, at && `Shown: ${verb} ${at}`].filter(Boolean).join('\n') }
  }
  if (source === 'live') return { text: 'Live', tone: 'ok', title: at ? `Kept current by the live feed; last change ${at}` : 'Kept current by the live feed' }
  if (source === 'polled') {
    // The indexer does not push it (docs/wire.md): it is as current as the last check, and says so.
    const every = freshness.everyMs === undefined ? 'now and then' : `every ${interval(freshness.everyMs)}`
    const title = `Checked over HTTP ${every}: this indexer does not push it${at ? `; last change ${at}` : ''}`
    return { text: `Checked ${every}`, tone: 'ok', title }
  }
  if (age === null) return { text: source === 'cache' ? 'Cached copy' : 'Updating…', tone: 'neutral', title: '' }
  const text = `${source === 'cache' ? 'Cached' : 'Updated'} ${age}`
  return { text, tone: source === 'cache' ? 'warn' : 'neutral', title: `${source === 'cache' ? 'Cached' : 'Fetched'} ${at}` }
}

export interface BadgeInput {
  /** What the result said about itself, if anything. */
  freshness?: ResultFreshness | null
  /** When the store received it, for results that do not say. */
  receivedAt: number | null
  /** Pushed events keep it current right now. */
  live?: boolean
  /** While live: the indexer does not push it, and it is checked this often instead. */
  polledEveryMs?: number | null
  /** Why the indexer cannot be reached now, if it cannot: what is shown is as old as it says. */
  offline?: string | null
}

/** The badge for a view's data: the result's own word first, then the connection's. */
export function badgeFreshness(input: BadgeInput): BadgeFreshness {
  const { freshness, receivedAt, live = false, offline = null, polledEveryMs = null } = input
  const source = freshness?.source ?? 'network'
  const fetchedAt = freshness?.fetchedAt ?? receivedAt
  if (freshness?.offline) return { source, fetchedAt, offline: { message: freshness.offline.message } }
  if (offline !== null) return { source, fetchedAt, offline: { message: offline } }
  if (live && polledEveryMs !== null) return { source: 'polled', fetchedAt, everyMs: polledEveryMs }
  if (live) return { source: 'live', fetchedAt }
  return { source, fetchedAt }
}

/** The minimum of the connection store a view needs to say whether the indexer is out of reach. */
export interface ReachSource {
  httpState: string
  error: ErrorInfo | null
  reason: string | null
}

/** Why the indexer cannot be reached now, or null when it can (or nothing says otherwise). */
export function offlineReason(connection: ReachSource): string | null {
  if (connection.error) return connection.error.message
  if (connection.httpState === 'unreachable') return connection.reason ?? 'The indexer cannot be reached.'
  return null
}
