/**
 * How each kind of channel is followed, in the words the connection panel
 * shows: pushed (the socket brings it at once), polled every N s (and why),
 * or failing. Pure: the live service hands in what it measured.
 */
import type { AddressFollowing, ChannelFollowing, PushKind } from '@shared/domain'
import type { AddressPollState } from '../polling/address-polls'
import type { PollState } from '../polling/poller'
import type { PushVerdict } from './push-watch'

/** The notification list is read this often (the session's inbox), whatever the socket does. */
export const NOTIFICATION_LIST_MS = 60_000

export interface FollowingInputs {
  socketLive: boolean
  verdict(kind: PushKind): PushVerdict
  checkedAt(kind: PushKind): number | null
  proofFeed: PollState | null
  /** Null without the user's channels. */
  userProofs: PollState | null
  userNotifications: boolean
  /** Null when no address is watched; empty while the addresses are pushed. */
  addresses: AddressPollState[] | null
  /** How often a pushed address kind is checked over HTTP. */
  addressCheckMs: number
  overview: PollState | null
  stats: { lastAt: number | null; periodMs: number | null }
  /** Polls wait for the indexer's rate limit until then. */
  rateLimitedUntil: number | null
}

const whyPolled = (verdict: PushVerdict): string =>
  verdict === 'not-pushed' ? 'this indexer does not push it' : 'not yet seen pushed by this indexer'

function seconds(ms: number): string {
  if (ms < 1_000) return `${Math.max(0.1, Math.round(ms / 100) / 10)} s`
  return ms >= 120_000 ? `${Math.round(ms / 60_000)} min` : `${Math.round(ms / 1000)} s`
}

function fromPoll(kind: PushKind, inputs: FollowingInputs, poll: PollState | null): ChannelFollowing {
  const verdict = inputs.verdict(kind)
  const base = { kind, lastCheckAt: poll?.lastPolledAt ?? inputs.checkedAt(kind), nextCheckAt: poll?.nextAt ?? null, addresses: [] }
  if (verdict === 'pushed') {
    if (!inputs.socketLive) return { ...base, how: 'failing', intervalMs: null, reason: 'pushed by this indexer, but the live socket is down' }
    const every = poll ? `; checked over HTTP every ${seconds(poll.effectiveIntervalMs)}` : ''
    return { ...base, how: 'pushed', intervalMs: null, reason: `pushed by this indexer${every}` }
  }
  if (poll && poll.failures > 0) {
    return { ...base, how: 'failing', intervalMs: poll.effectiveIntervalMs, reason: `reading it failed: ${poll.lastError?.message ?? 'unknown error'}` }
  }
  return { ...base, how: 'polled', intervalMs: poll?.effectiveIntervalMs ?? null, reason: whyPolled(verdict) }
}

function addressFollowing(inputs: FollowingInputs, states: AddressPollState[]): ChannelFollowing {
  const verdict = inputs.verdict('address')
  const addresses: AddressFollowing[] = states.map((s) => ({ address: s.address, intervalMs: s.intervalMs, lastCheckAt: s.lastCheckAt, nextCheckAt: s.nextCheckAt }))
  if (verdict === 'pushed') {
    const how = inputs.socketLive ? 'pushed' : 'failing'
    const reason = inputs.socketLive
      ? `pushed by this indexer; checked over HTTP every ${seconds(inputs.addressCheckMs)}`
      : 'pushed by this indexer, but the live socket is down'
    return { kind: 'address', how, intervalMs: null, lastCheckAt: inputs.checkedAt('address'), nextCheckAt: null, reason, addresses }
  }
  const last = Math.max(0, ...states.map((s) => s.lastCheckAt ?? 0)) || null
  const nexts = states.map((s) => s.nextCheckAt).filter((at): at is number => at !== null)
  const slowest = Math.max(0, ...states.map((s) => s.intervalMs)) || null
  const failing = states.length > 0 && states.every((s) => s.failures > 0)
  const limited = inputs.rateLimitedUntil !== null ? '; waiting for the indexer\'s rate limit' : ''
  return {
    kind: 'address',
    how: failing ? 'failing' : 'polled',
    intervalMs: slowest,
    lastCheckAt: last,
    nextCheckAt: nexts.length > 0 ? Math.min(...nexts) : null,
    reason: failing ? `reading them fails${limited}` : `${whyPolled(verdict)}${limited}`,
    addresses,
  }
}

function statsFollowing(inputs: FollowingInputs): ChannelFollowing {
  const overview = inputs.overview
  const base = { kind: 'stats' as const, lastCheckAt: overview?.lastPolledAt ?? null, nextCheckAt: overview?.nextAt ?? null, addresses: [] }
  const pollEvery = overview ? seconds(overview.effectiveIntervalMs) : null
  if (inputs.verdict('stats') === 'pushed' && inputs.socketLive) {
    const period = inputs.stats.periodMs
    // Pushed less often than the overview is read: the poll fills the gaps, and says so.
    if (period !== null && overview && period > overview.effectiveIntervalMs * 1.5) {
      if (!overview.active) return { ...base, how: 'pushed', intervalMs: null, reason: `pushed about every ${seconds(period)}; the overview is read in between while the window is in front` }
      return { ...base, how: 'pushed', intervalMs: overview.effectiveIntervalMs, reason: `pushed about every ${seconds(period)}; the overview is read every ${pollEvery} in between` }
    }
    return { ...base, how: 'pushed', intervalMs: null, reason: 'pushed by this indexer' }
  }
  if (overview && overview.failures > 0) {
    return { ...base, how: 'failing', intervalMs: overview.effectiveIntervalMs, reason: `reading the overview failed: ${overview.lastError?.message ?? 'unknown error'}` }
  }
  return { ...base, how: 'polled', intervalMs: overview?.effectiveIntervalMs ?? null, reason: inputs.socketLive ? whyPolled(inputs.verdict('stats')) : 'the live socket is down' }
}

export function describeFollowing(inputs: FollowingInputs): ChannelFollowing[] {
  const following: ChannelFollowing[] = [fromPoll('proofs', inputs, inputs.proofFeed)]
  if (inputs.addresses !== null) following.push(addressFollowing(inputs, inputs.addresses))
  if (inputs.userProofs !== null) following.push(fromPoll('user-proofs', inputs, inputs.userProofs))
  if (inputs.userNotifications) {
    const verdict = inputs.verdict('user-notifications')
    following.push({
      kind: 'user-notifications',
      how: verdict === 'pushed' && inputs.socketLive ? 'pushed' : 'polled',
      intervalMs: verdict === 'pushed' && inputs.socketLive ? null : NOTIFICATION_LIST_MS,
      lastCheckAt: inputs.checkedAt('user-notifications'),
      nextCheckAt: null,
      reason:
        verdict === 'pushed' && inputs.socketLive
          ? `pushed by this indexer; the list is read every ${seconds(NOTIFICATION_LIST_MS)} too`
          : `the notification list is read every ${seconds(NOTIFICATION_LIST_MS)} (${whyPolled(verdict)})`,
      addresses: [],
    })
  }
  following.push(statsFollowing(inputs))
  return following
}
