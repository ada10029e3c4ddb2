/**
 * How each kind of channel is followed on this indexer, in words: pushed
 * (live), checked every N s (polled, with the last and next check), or
 * failing. Main measures it (docs/wire.md: an indexer may accept a channel
 * and never send on it); this only says it.
 */
import type { ChannelFollowing, ConnectionState, PushKind } from '@shared/domain'

export const FOLLOWING_LABELS: Record<PushKind, string> = {
  proofs: 'Proof feed',
  address: 'Address activity',
  'user-proofs': 'Your proofs',
  'user-notifications': 'Your notifications',
  stats: 'Network stats',
}

export type FollowingTone = 'ok' | 'busy' | 'bad'

export interface FollowingView {
  /** "Live", "Checked every 15 s", "Failing". */
  text: string
  tone: FollowingTone
  /** The whole line for the connection panel: "Address activity: checked every 15 s (this indexer does not push it)". */
  line: string
  /** The reason, with the last and next check, for a tooltip. */
  title: string
}

/** "3 s", "15 s", "2 min". */
export function interval(ms: number): string {
  if (ms < 1_000) return `${Math.max(0.1, Math.round(ms / 100) / 10)} s`
  return ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`
}

function since(at: number | null, now: number): string | null {
  if (at === null) return null
  const seconds = Math.max(0, Math.round((now - at) / 1000))
  return seconds < 1 ? 'just now' : `${interval(seconds * 1000)} ago`
}

function until(at: number | null, now: number): string | null {
  if (at === null) return null
  const ms = at - now
  return ms <= 500 ? 'now' : `in ${interval(ms)}`
}

export function followingOf(state: ConnectionState | null, kind: PushKind): ChannelFollowing | null {
  return state?.following?.find((entry) => entry.kind === kind) ?? null
}

/** Timing for one entry, or one address of it. */
interface Timing {
  how: ChannelFollowing['how']
  intervalMs: number | null
  lastCheckAt: number | null
  nextCheckAt: number | null
  reason: string
}

function view(label: string, timing: Timing, now: number): FollowingView {
  const checks = [
    since(timing.lastCheckAt, now) && `last checked ${since(timing.lastCheckAt, now)}`,
    until(timing.nextCheckAt, now) && `next check ${until(timing.nextCheckAt, now)}`,
  ].filter(Boolean)
  const title = [timing.reason.charAt(0).toUpperCase() + timing.reason.slice(1), ...checks].join('; ')
  if (timing.how === 'failing') return { text: 'Failing', tone: 'bad', line: `${label}: failing (${timing.reason})`, title }
  if (timing.how === 'polled') {
    const every = timing.intervalMs === null ? 'checked over HTTP' : `checked every ${interval(timing.intervalMs)}`
    return { text: every.charAt(0).toUpperCase() + every.slice(1), tone: 'ok', line: `${label}: ${every} (${timing.reason})`, title }
  }
  return { text: 'Live', tone: 'ok', line: `${label}: live (${timing.reason})`, title }
}

export function describeFollowing(entry: ChannelFollowing, now: number): FollowingView {
  return view(FOLLOWING_LABELS[entry.kind], entry, now)
}

/**
 * How one watched address is followed: null when main says nothing of it
 * (an older main, or no address watched), so the caller falls back on the
 * channel's own state.
 */
export function describeAddressFollowing(state: ConnectionState | null, pubkey: string, now: number): FollowingView | null {
  const entry = followingOf(state, 'address')
  if (!entry) return null
  if (entry.how === 'pushed') return describeFollowing(entry, now)
  const own = entry.addresses.find((address) => address.address === pubkey)
  const timing: Timing = own ? { ...entry, intervalMs: own.intervalMs, lastCheckAt: own.lastCheckAt, nextCheckAt: own.nextCheckAt } : entry
  return view(FOLLOWING_LABELS.address, timing, now)
}

/** Every kind is pushed: "Live" in the header is the whole truth. */
export function allPushed(state: ConnectionState | null): boolean {
  return (state?.following ?? []).every((entry) => entry.how === 'pushed')
}

/** How often a watched address is checked over HTTP because the indexer does not push it; null when pushed or unknown. */
export function addressPolledEveryMs(state: ConnectionState | null, pubkey: string): number | null {
  const entry = followingOf(state, 'address')
  if (!entry || entry.how === 'pushed') return null
  return entry.addresses.find((address) => address.address === pubkey)?.intervalMs ?? entry.intervalMs
}
