/**
 * What draft rules would have raised over the cached events of the last
 * days: each event turned into its candidate as the live path does, bursts of
 * one address or circuit interrupting once (entry-builder.ts), the rules
 * judged at the event's own local time, and what passes gathered as the
 * coalescer gathers it (burst window, per-minute cap, quiet hours when it
 * shows). Pure apart from its inputs, so a test drives it with a known cache.
 */
import type { NotificationRules } from '@shared/notification-rules'
import type { Watchlist } from '@shared/watchlist'
import { RULE_PREVIEW_CAP, RULE_PREVIEW_DAYS, RULE_PREVIEW_LISTED, type RulePreview, type RulePreviewDay, type RulePreviewNotice } from '@shared/rule-preview'
import { NOTIFICATION_SOURCES } from '@shared/notification-rules'
import type { CachedEvent, CachedEvents, CachedEventsQuery } from '../history/cached-events'
import { candidatesFromBatch, type NotifyCandidate } from './candidates'
import { DEFAULT_BURST_WINDOW_MS } from './coalescer'
import { candidateOf } from './entry-builder'
import { DEFAULT_BURST_GAP_MS, DEFAULT_BURST_SPAN_MS } from './burst-groups'
import { healthRuleOf } from './health-entries'
import { evaluateRules, inQuietHours, type MutedSubjects } from './rules'
import { Digest, noticeFor } from './summary'

const DAY_MS = 86_400_000
const MINUTE_MS = 60_000

export interface RulePreviewOptions {
  now: number
  watchlist: Watchlist
  /** Minutes after local midnight of a time (quiet hours), and its local date yyyy-mm-dd. */
  minutesOfDay: (epochMs: number) => number
  dayOf: (epochMs: number) => string
  describeAddress?: (address: string) => string
  cap?: number
}

/** The cache, as far as the preview reads it. */
export interface PreviewSource {
  cachedEvents(query: CachedEventsQuery): CachedEvents
}

function candidateOfEvent(event: CachedEvent, describeAddress?: (address: string) => string): NotifyCandidate | null {
  if (event.kind === 'transaction') {
    return candidatesFromBatch([{ event: 'addressTransactions', payload: [{ address: event.address, transaction: event.transaction }] }], event.at, { describeAddress })[0] ?? null
  }
  if (event.kind === 'circuitProof') {
    return candidatesFromBatch([{ event: 'circuitProofs', payload: [{ circuitId: event.circuitId, proof: event.proof }] }], event.at)[0] ?? null
  }
  const entry = event.notification
  const base = candidateOf(entry, event.at)
  if (entry.kind === 'HEALTH') {
    const alert = healthRuleOf(entry.raw.alert)
    return { ...base, source: 'health', ...(alert ? { alert } : {}) }
  }
  if (entry.kind === 'USER_PROOF') return { ...base, source: 'userProofs' }
  // A watched authority's proof found revoked is under that address's rules (candidates.ts, revokedCandidate).
  if (entry.kind === 'PROOF_REVOKED' && entry.topic?.kind === 'address') return { ...base, source: 'addresses', address: entry.topic.id }
  return base
}

/** One candidate per burst of an address or circuit, and one more for a burst's first failure, as the centre's entries do. */
function firstOfBursts(candidates: readonly NotifyCandidate[]): NotifyCandidate[] {
  const groups = new Map<string, { firstAt: number; lastAt: number; failed: number }>()
  return candidates.filter((candidate) => {
    const topic = candidate.source === 'circuits' ? candidate.circuitId : candidate.source === 'addresses' && candidate.alert === undefined ? candidate.address : null
    if (topic === null) return true
    const key = `${candidate.source}:${topic}`
    const open = groups.get(key)
    const fresh = !open || candidate.at - open.lastAt > DEFAULT_BURST_GAP_MS || candidate.at - open.firstAt > DEFAULT_BURST_SPAN_MS
    const group = fresh ? { firstAt: candidate.at, lastAt: candidate.at, failed: 0 } : open
    groups.set(key, group)
    group.lastAt = candidate.at
    if (candidate.failed) group.failed++
    return fresh || (candidate.failed && group.failed === 1)
  })
}

/** The pop-ups the coalescer would have shown for `passing` (oldest first). */
function coalesce(passing: readonly NotifyCandidate[], rules: NotificationRules, minutesOfDay: (ms: number) => number): Array<{ at: number; digest: Digest }> {
  const shown: Array<{ at: number; digest: Digest }> = []
  const shownAt: number[] = []
  const cap = Math.max(1, rules.maxPerMinute)
  let next = 0
  while (next < passing.length) {
    let at = passing[next]!.at + DEFAULT_BURST_WINDOW_MS
    // The minute's cap holds the digest until its oldest pop-up leaves the minute; it keeps growing meanwhile.
    const recent = shownAt.filter((time) => time > at - MINUTE_MS)
    if (recent.length >= cap) at = recent[recent.length - cap]! + MINUTE_MS
    const digest = new Digest()
    while (next < passing.length && passing[next]!.at <= at) digest.add(passing[next++]!)
    if (rules.doNotDisturb || inQuietHours(rules.quietHours, minutesOfDay(at))) continue
    shownAt.push(at)
    shown.push({ at, digest })
  }
  return shown
}

function windowDays(since: number, now: number, dayOf: (ms: number) => string): Map<string, RulePreviewDay> {
  const days = new Map<string, RulePreviewDay>()
  for (let time = since; time < now + DAY_MS; time += DAY_MS) {
    const day = dayOf(Math.min(time, now))
    if (!days.has(day)) days.set(day, { day, events: 0, notifications: 0 })
  }
  return days
}

export function previewRules(cache: PreviewSource, rules: NotificationRules, options: RulePreviewOptions): RulePreview {
  const cap = options.cap ?? RULE_PREVIEW_CAP
  const since = options.now - RULE_PREVIEW_DAYS * DAY_MS
  const { watchlist } = options
  const read = cache.cachedEvents({ since, cap, addresses: watchlist.addresses.map((a) => a.pubkey), circuits: watchlist.circuits.map((c) => c.circuitId) })
  const muted: MutedSubjects = {
    addresses: new Set(watchlist.addresses.filter((a) => !a.notify).map((a) => a.pubkey)),
    circuits: new Set(watchlist.circuits.filter((c) => !c.notify).map((c) => c.circuitId)),
  }
  const days = windowDays(since, options.now, options.dayOf)
  const dayAt = (at: number): RulePreviewDay => {
    const day = options.dayOf(at)
    const held = days.get(day) ?? { day, events: 0, notifications: 0 }
    days.set(day, held)
    return held
  }
  const candidates: NotifyCandidate[] = []
  let events = 0
  for (const event of [...read.events].reverse()) {
    // A roll-up or a stored burst stands for all its events.
    const count = event.kind === 'notification' ? Math.max(1, event.notification.group?.count ?? 1) : 1
    dayAt(event.at).events += count
    events += count
    const candidate = candidateOfEvent(event, options.describeAddress)
    if (candidate) candidates.push(candidate)
  }
  const passing = firstOfBursts(candidates).filter((candidate) => evaluateRules(candidate, rules, options.minutesOfDay(candidate.at), muted).notify)
  const shown = coalesce(passing, rules, options.minutesOfDay)
  for (const { at } of shown) dayAt(at).notifications++
  const latest: RulePreviewNotice[] = shown
    .slice(-RULE_PREVIEW_LISTED)
    .reverse()
    .map(({ at, digest }) => ({ at, title: noticeFor(digest).title, count: digest.count, sources: NOTIFICATION_SOURCES.filter((source) => digest.bySource[source] > 0) }))
  return {
    since,
    events,
    notifications: shown.length,
    days: [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0)),
    latest,
    capped: read.capped,
    cap,
  }
}
