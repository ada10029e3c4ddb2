/**
 * Snoozes: an address, a rule (a notification source) or a kind of pop-up
 * (a NoticeKind, the page's toast kinds) kept from notifying for a while.
 * A snoozed event shows no native notification and no toast, but still
 * reaches the notification centre. Main keeps the list (in the settings,
 * an expired one is dropped at load) and ends each on time.
 *
 * Shared with the renderer, so no Node modules and no zod here.
 */
import { ProofWatchError } from './errors'
import { hasLength, isBase58, PUBKEY_LENGTH, shortId } from './ids'
import { NOTICE_KINDS, type NoticeKind } from './notice'
import { NOTIFICATION_SOURCES, type NotificationSource } from './notification-rules'

export type SnoozeTarget = { kind: 'address'; id: string } | { kind: 'source'; id: NotificationSource } | { kind: 'notice'; id: NoticeKind }

export const SNOOZE_DURATIONS = ['1h', '8h', 'tomorrow', 'forever'] as const
export type SnoozeDuration = (typeof SNOOZE_DURATIONS)[number]

export interface Snooze {
  target: SnoozeTarget
  /** Epoch ms it ends; null: until the user ends it. */
  until: number | null
}

export interface SnoozeInput {
  target: SnoozeTarget
  duration: SnoozeDuration
}

/** "Until tomorrow" ends at the next local 08:00 (of main's clock). */
export const SNOOZE_MORNING_HOUR = 8

export const SNOOZE_DURATION_TEXT: Record<SnoozeDuration, string> = {
  '1h': '1 hour',
  '8h': '8 hours',
  tomorrow: 'Until tomorrow, 08:00',
  forever: 'Until I end it',
}

const SOURCE_TEXT: Record<NotificationSource, string> = {
  notifications: 'Indexer notifications',
  userProofs: 'My proofs',
  circuits: 'Followed circuits',
  addresses: 'Watched addresses',
  health: 'Health alerts',
}

const NOTICE_TEXT: Record<NoticeKind, string> = {
  alerts: 'Revocations and failures',
  health: 'Health pop-ups',
  watched: 'Watched address pop-ups',
  circuits: 'Circuit pop-ups',
  ownProofs: 'My proof pop-ups',
  other: 'Other pop-ups',
}

/** A target in words; an address by `describeAddress` (its label where the user may see it). */
export function snoozeTargetText(target: SnoozeTarget, describeAddress: (pubkey: string) => string = (pubkey) => shortId(pubkey)): string {
  if (target.kind === 'address') return describeAddress(target.id)
  return target.kind === 'source' ? SOURCE_TEXT[target.id] : NOTICE_TEXT[target.id]
}

export function sameSnoozeTarget(a: SnoozeTarget, b: SnoozeTarget): boolean {
  return a.kind === b.kind && a.id === b.id
}

/** "18:40": a time of day in local time, 24-hour, as snoozes are shown. */
export function localClockText(epochMs: number): string {
  const date = new Date(epochMs)
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`
}

/** Whether a snooze still holds at `now`. */
export function snoozeActive(snooze: Snooze, now: number): boolean {
  return snooze.until === null || snooze.until > now
}

/** When a snooze of `duration` begun at `now` ends (local time for "tomorrow"); null: never by itself. */
export function snoozeEnd(duration: SnoozeDuration, now: number): number | null {
  switch (duration) {
    case '1h':
      return now + 3_600_000
    case '8h':
      return now + 8 * 3_600_000
    case 'tomorrow': {
      const morning = new Date(now)
      morning.setHours(SNOOZE_MORNING_HOUR, 0, 0, 0)
      if (morning.getTime() <= now) morning.setDate(morning.getDate() + 1)
      return morning.getTime()
    }
    case 'forever':
      return null
  }
}

function invalid(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const quoted = (value: unknown) => JSON.stringify(String(value).slice(0, 40))

/** A target from an untrusted caller or file, or a clear error naming what is wrong. */
export function checkSnoozeTarget(value: unknown): SnoozeTarget {
  if (!isRecord(value)) throw invalid('A snooze target must be an object with a kind and an id')
  const { kind, id } = value
  if (typeof id !== 'string') throw invalid('A snooze target needs an id')
  if (kind === 'address') {
    if (!isBase58(id) || !hasLength(id, PUBKEY_LENGTH)) throw invalid(`Cannot snooze ${quoted(id)}: not an address`)
    return { kind, id }
  }
  if (kind === 'source') {
    if (!(NOTIFICATION_SOURCES as readonly string[]).includes(id)) {
      throw invalid(`Cannot snooze the rule ${quoted(id)}: it is none of ${NOTIFICATION_SOURCES.join(', ')}`)
    }
    return { kind, id: id as NotificationSource }
  }
  if (kind === 'notice') {
    if (!(NOTICE_KINDS as readonly string[]).includes(id)) throw invalid(`Cannot snooze the kind ${quoted(id)}: it is none of ${NOTICE_KINDS.join(', ')}`)
    return { kind, id: id as NoticeKind }
  }
  throw invalid(`Cannot snooze a ${quoted(kind)}: snooze an address, a source or a notice kind`)
}

export function checkSnoozeDuration(value: unknown): SnoozeDuration {
  if (!(SNOOZE_DURATIONS as readonly unknown[]).includes(value)) {
    throw invalid(`A snooze lasts ${SNOOZE_DURATIONS.join(', ')}; not ${quoted(value)}`)
  }
  return value as SnoozeDuration
}

/** Snoozes as a settings file holds them: what does not validate, and what has ended by `now`, is dropped. */
/** Snoozes in force at most: far more than a person sets, and a bound on what a local client can make the settings file hold. */
export const MAX_SNOOZES = 200

export function snoozesFromStored(stored: unknown, now: number): Snooze[] {
  if (!Array.isArray(stored)) return []
  const kept: Snooze[] = []
  for (const item of stored.slice(0, 1000)) {
    if (kept.length >= MAX_SNOOZES) break
    if (!isRecord(item)) continue
    const until = item.until
    if (until !== null && (typeof until !== 'number' || !Number.isFinite(until))) continue
    try {
      const snooze = { target: checkSnoozeTarget(item.target), until }
      if (snoozeActive(snooze, now) && !kept.some((s) => sameSnoozeTarget(s.target, snooze.target))) kept.push(snooze)
    } catch {
      // Not a snooze this version knows: dropped.
    }
  }
  return kept
}
