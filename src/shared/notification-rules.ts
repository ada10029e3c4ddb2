/**
 * The user's rules for native notifications: which sources may notify, quiet
 * hours and do-not-disturb. Each watched address and followed circuit has its
 * own on/off (`notify` in the watchlist). Main decides with them
 * (src/main/core/notify); the settings view edits them. Whatever the rules
 * say, every event still reaches the in-app notification centre.
 *
 * Shared with the renderer, so no Node modules and no zod here.
 */
import { ProofWatchError } from './errors'
import { NOTICE_KINDS, type NoticeKind } from './notice'

/** Where a notifiable event comes from; `health`: alerts about the indexer itself and revoked proofs. */
export type NotificationSource = 'notifications' | 'userProofs' | 'circuits' | 'addresses' | 'health'

export const NOTIFICATION_SOURCES: readonly NotificationSource[] = ['notifications', 'userProofs', 'circuits', 'addresses', 'health']

/** Health alerts, each a rule of its own (flat, so a patch is one level deep). */
export interface HealthRules {
  /** The indexer unreachable for longer than `unreachableMinutes`, and back again. */
  unreachable: boolean
  unreachableMinutes: number
  /** The overview's status other than `online`, and online again. */
  statusNotOnline: boolean
  /** The slot not advancing for `stalledMinutes` while connected, and advancing again. */
  stalled: boolean
  stalledMinutes: number
  /** One of the user's proofs revoked (the indexer's PROOF_REVOKED). */
  proofRevoked: boolean
}

export type HealthAlertRule = 'unreachable' | 'statusNotOnline' | 'stalled' | 'proofRevoked'

/** Minutes a health threshold may be set to (fractions allowed, for a short test). */
export const HEALTH_MINUTES_LIMIT = { min: 0.05, max: 1440 } as const

export interface QuietHours {
  enabled: boolean
  /** Local time, 24-hour "HH:MM". A start later than the end spans midnight. */
  start: string
  end: string
}

/**
 * How much a native notification (and the tray's text) may say, for lock and
 * shared screens: everything, everything but addresses (keys, labels and
 * names), or only that something happened. The in-app centre always says all.
 */
export type NotificationPrivacy = 'full' | 'noAddresses' | 'nothing'

export const NOTIFICATION_PRIVACY_LEVELS: readonly NotificationPrivacy[] = ['full', 'noAddresses', 'nothing']

export interface NotificationRules {
  /** No native notification at all while on; also switched from the tray. */
  doNotDisturb: boolean
  /** Per source on/off: `user:notifications`, `user:proofs`, followed circuits, watched addresses. */
  sources: Record<NotificationSource, boolean>
  /** Transactions of watched addresses notify only when they failed. */
  failedTransactionsOnly: boolean
  quietHours: QuietHours
  /** Native notifications a minute at most; what comes past it is summed up in the next one. */
  maxPerMinute: number
  health: HealthRules
  /** In a browser tab: which kinds of pop-up show as in-page toasts (the centre keeps every one). */
  toasts: Record<NoticeKind, boolean>
  /** In-page toasts an hour at most; past it they wait in the centre. */
  toastsPerHour: number
  privacy: NotificationPrivacy
}

export interface NotificationRulesPatch {
  doNotDisturb?: boolean
  sources?: Partial<Record<NotificationSource, boolean>>
  failedTransactionsOnly?: boolean
  quietHours?: Partial<QuietHours>
  maxPerMinute?: number
  health?: Partial<HealthRules>
  toasts?: Partial<Record<NoticeKind, boolean>>
  toastsPerHour?: number
  privacy?: NotificationPrivacy
}

export const TOASTS_PER_HOUR_LIMIT = 60

export const MAX_PER_MINUTE_LIMIT = 60

/**
 * Quiet by default: what interrupts is what needs a person (revocations and failures, watched addresses' activity,
 * one pop-up per burst, health problems). The user's own routine proofs (new, verified) only go to the centre, rolled
 * into one entry, unless `userProofs` is switched on.
 */
export const DEFAULT_NOTIFICATION_RULES: NotificationRules = {
  doNotDisturb: false,
  sources: { notifications: true, userProofs: false, circuits: true, addresses: true, health: true },
  failedTransactionsOnly: false,
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  maxPerMinute: 6,
  health: { unreachable: true, unreachableMinutes: 5, statusNotOnline: true, stalled: true, stalledMinutes: 5, proofRevoked: true },
  toasts: { alerts: true, health: true, watched: true, circuits: false, ownProofs: false, other: false },
  toastsPerHour: 4,
  privacy: 'full',
}

const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Minutes after midnight of an "HH:MM" time, or null when it is not one. */
export function clockTimeMinutes(value: string): number | null {
  const match = CLOCK_TIME.exec(value)
  return match ? Number(match[1]) * 60 + Number(match[2]) : null
}

function invalid(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message })
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function checkKeys(value: Record<string, unknown>, known: readonly string[], what: string): void {
  const unknown = Object.keys(value).filter((key) => !known.includes(key))
  if (unknown.length > 0) throw invalid(`Unknown ${what} setting: ${unknown[0]!.slice(0, 40)}`)
}

function checkBoolean(value: unknown, name: string): boolean {
  if (typeof value !== 'boolean') throw invalid(`${name} must be true or false`)
  return value
}

function copyRules(rules: NotificationRules): NotificationRules {
  return {
    ...rules,
    sources: { ...rules.sources },
    quietHours: { ...rules.quietHours },
    health: { ...rules.health },
    toasts: { ...rules.toasts },
  }
}

/**
 * Checks a patch from the settings view and merges it into `current`. Any
 * bad part rejects the whole patch with a clear message, so nothing half
 * applies.
 */
export function applyNotificationRulesPatch(current: NotificationRules, patch: unknown): NotificationRules {
  if (!isRecord(patch)) throw invalid('Notification rules must be an object')
  checkKeys(patch, ['doNotDisturb', 'sources', 'failedTransactionsOnly', 'quietHours', 'maxPerMinute', 'health', 'toasts', 'toastsPerHour', 'privacy'], 'notification')
  const next = copyRules(current)

  if (patch.doNotDisturb !== undefined) next.doNotDisturb = checkBoolean(patch.doNotDisturb, 'Do not disturb')
  if (patch.failedTransactionsOnly !== undefined) {
    next.failedTransactionsOnly = checkBoolean(patch.failedTransactionsOnly, 'Failed transactions only')
  }
  if (patch.sources !== undefined) {
    if (!isRecord(patch.sources)) throw invalid('Notification sources must be an object')
    checkKeys(patch.sources, NOTIFICATION_SOURCES, 'notification source')
    for (const source of NOTIFICATION_SOURCES) {
      const value = patch.sources[source]
      if (value !== undefined) next.sources[source] = checkBoolean(value, `The ${source} source`)
    }
  }
  if (patch.quietHours !== undefined) next.quietHours = checkQuietHours({ ...next.quietHours }, patch.quietHours)
  if (patch.maxPerMinute !== undefined) {
    const value = patch.maxPerMinute
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > MAX_PER_MINUTE_LIMIT) {
      throw invalid(`Notifications a minute must be a whole number from 1 to ${MAX_PER_MINUTE_LIMIT}`)
    }
    next.maxPerMinute = value
  }
  if (patch.health !== undefined) next.health = checkHealth({ ...next.health }, patch.health)
  if (patch.toasts !== undefined) {
    if (!isRecord(patch.toasts)) throw invalid('Toast kinds must be an object')
    checkKeys(patch.toasts, NOTICE_KINDS, 'toast kind')
    for (const kind of NOTICE_KINDS) {
      const value = patch.toasts[kind]
      if (value !== undefined) next.toasts[kind] = checkBoolean(value, `Toasts for ${kind}`)
    }
  }
  if (patch.toastsPerHour !== undefined) {
    const value = patch.toastsPerHour
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > TOASTS_PER_HOUR_LIMIT) {
      throw invalid(`Toasts an hour must be a whole number from 0 to ${TOASTS_PER_HOUR_LIMIT}`)
    }
    next.toastsPerHour = value
  }
  if (patch.privacy !== undefined) {
    if (!NOTIFICATION_PRIVACY_LEVELS.includes(patch.privacy as NotificationPrivacy)) {
      throw invalid(`Notification privacy must be one of ${NOTIFICATION_PRIVACY_LEVELS.join(', ')}`)
    }
    next.privacy = patch.privacy as NotificationPrivacy
  }
  return next
}

const HEALTH_SWITCHES = ['unreachable', 'statusNotOnline', 'stalled', 'proofRevoked'] as const
const HEALTH_MINUTES = ['unreachableMinutes', 'stalledMinutes'] as const

function checkHealth(current: HealthRules, patch: unknown): HealthRules {
  if (!isRecord(patch)) throw invalid('Health alerts must be an object')
  checkKeys(patch, [...HEALTH_SWITCHES, ...HEALTH_MINUTES], 'health alert')
  for (const key of HEALTH_SWITCHES) if (patch[key] !== undefined) current[key] = checkBoolean(patch[key], `The ${key} alert`)
  for (const key of HEALTH_MINUTES) {
    const value = patch[key]
    if (value === undefined) continue
    if (typeof value !== 'number' || !Number.isFinite(value) || value < HEALTH_MINUTES_LIMIT.min || value > HEALTH_MINUTES_LIMIT.max) {
      throw invalid(`Minutes before a health alert must be a number from ${HEALTH_MINUTES_LIMIT.min} to ${HEALTH_MINUTES_LIMIT.max}`)
    }
    current[key] = value
  }
  return current
}

function checkQuietHours(current: QuietHours, patch: unknown): QuietHours {
  if (!isRecord(patch)) throw invalid('Quiet hours must be an object')
  checkKeys(patch, ['enabled', 'start', 'end'], 'quiet hours')
  if (patch.enabled !== undefined) current.enabled = checkBoolean(patch.enabled, 'Quiet hours on')
  for (const edge of ['start', 'end'] as const) {
    const value = patch[edge]
    if (value === undefined) continue
    if (typeof value !== 'string' || clockTimeMinutes(value) === null) {
      throw invalid(`Quiet hours ${edge} must be a time like 22:00, got ${String(value).slice(0, 20)}`)
    }
    current[edge] = value
  }
  if (current.enabled && current.start === current.end) {
    throw invalid('Quiet hours need different start and end times')
  }
  return current
}

/**
 * Rules as a settings file holds them, made usable: each part that does not
 * validate falls back to its default, so one bad field never loses the rest.
 */
export function notificationRulesFromStored(stored: unknown): NotificationRules {
  let rules = copyRules(DEFAULT_NOTIFICATION_RULES)
  if (!isRecord(stored)) return rules
  const parts: NotificationRulesPatch[] = [
    { doNotDisturb: stored.doNotDisturb as boolean },
    { failedTransactionsOnly: stored.failedTransactionsOnly as boolean },
    { maxPerMinute: stored.maxPerMinute as number },
    { toastsPerHour: stored.toastsPerHour as number },
    { privacy: stored.privacy as NotificationPrivacy },
    ...NOTICE_KINDS.map((kind) => ({ toasts: { [kind]: isRecord(stored.toasts) ? stored.toasts[kind] : undefined } })),
    { quietHours: stored.quietHours as QuietHours },
    ...[...HEALTH_SWITCHES, ...HEALTH_MINUTES].map((key) => ({ health: { [key]: isRecord(stored.health) ? stored.health[key] : undefined } })),
    ...NOTIFICATION_SOURCES.map((source) => ({
      sources: { [source]: isRecord(stored.sources) ? stored.sources[source] : undefined },
    })),
  ]
  for (const part of parts) {
    try {
      rules = applyNotificationRulesPatch(rules, part)
    } catch {
      // This part keeps its default.
    }
  }
  return rules
}
