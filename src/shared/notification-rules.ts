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

/** Where a notifiable event comes from. */
export type NotificationSource = 'notifications' | 'userProofs' | 'circuits' | 'addresses'

export const NOTIFICATION_SOURCES: readonly NotificationSource[] = ['notifications', 'userProofs', 'circuits', 'addresses']

export interface QuietHours {
  enabled: boolean
  /** Local time, 24-hour "HH:MM". A start later than the end spans midnight. */
  start: string
  end: string
}

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
}

export interface NotificationRulesPatch {
  doNotDisturb?: boolean
  sources?: Partial<Record<NotificationSource, boolean>>
  failedTransactionsOnly?: boolean
  quietHours?: Partial<QuietHours>
  maxPerMinute?: number
}

export const MAX_PER_MINUTE_LIMIT = 60

export const DEFAULT_NOTIFICATION_RULES: NotificationRules = {
  doNotDisturb: false,
  sources: { notifications: true, userProofs: true, circuits: true, addresses: true },
  failedTransactionsOnly: false,
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  maxPerMinute: 6,
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
  }
}

/**
 * Checks a patch from the settings view and merges it into `current`. Any
 * bad part rejects the whole patch with a clear message, so nothing half
 * applies.
 */
export function applyNotificationRulesPatch(current: NotificationRules, patch: unknown): NotificationRules {
  if (!isRecord(patch)) throw invalid('Notification rules must be an object')
  checkKeys(patch, ['doNotDisturb', 'sources', 'failedTransactionsOnly', 'quietHours', 'maxPerMinute'], 'notification')
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
  return next
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
    { quietHours: stored.quietHours as QuietHours },
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
