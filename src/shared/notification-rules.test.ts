import { describe, expect, it } from 'vitest'
import {
  applyNotificationRulesPatch,
  clockTimeMinutes,
  DEFAULT_NOTIFICATION_RULES,
  notificationRulesFromStored,
} from './notification-rules'
import { thrown } from '@test/support/caught'
import { ProofWatchError } from './errors'

describe('clockTimeMinutes', () => {
  it('reads 24-hour HH:MM and nothing else', () => {
    expect(clockTimeMinutes('00:00')).toBe(0)
    expect(clockTimeMinutes('07:30')).toBe(450)
    expect(clockTimeMinutes('23:59')).toBe(1439)
    for (const bad of ['24:00', '7:30', '12:60', '12:00:00', ' 12:00', '']) expect(clockTimeMinutes(bad)).toBeNull()
  })
})

describe('applyNotificationRulesPatch', () => {
  it('merges a partial patch and leaves the current rules untouched', () => {
    const current = structuredClone(DEFAULT_NOTIFICATION_RULES)
    const next = applyNotificationRulesPatch(current, {
      doNotDisturb: true,
      sources: { addresses: false },
      quietHours: { enabled: true, start: '23:00' },
      maxPerMinute: 10,
      failedTransactionsOnly: true,
      health: { stalled: false, unreachableMinutes: 0.5 },
    })
    expect(next).toEqual({
      doNotDisturb: true,
      sources: { notifications: true, userProofs: false, circuits: true, addresses: false, health: true },
      failedTransactionsOnly: true,
      quietHours: { enabled: true, start: '23:00', end: '07:00' },
      maxPerMinute: 10,
      health: { unreachable: true, unreachableMinutes: 0.5, statusNotOnline: true, stalled: false, stalledMinutes: 5, proofRevoked: true },
      toasts: { alerts: true, health: true, watched: true, circuits: false, ownProofs: false, other: false },
      toastsPerHour: 4,
      privacy: 'full',
    })
    expect(current).toEqual(DEFAULT_NOTIFICATION_RULES)
  })

  it.each([
    [{ doNotDisturb: 'yes' }, 'Do not disturb must be true or false'],
    [{ sources: { email: true } }, 'Unknown notification source setting: email'],
    [{ sources: { userProofs: 1 } }, 'The userProofs source must be true or false'],
    [{ quietHours: { start: '25:00' } }, 'Quiet hours start must be a time like 22:00, got 25:00'],
    [{ quietHours: { enabled: true, start: '07:00', end: '07:00' } }, 'Quiet hours need different start and end times'],
    [{ maxPerMinute: 0 }, 'Notifications a minute must be a whole number from 1 to 60'],
    [{ health: { stalledMinutes: 0 } }, 'Minutes before a health alert must be a number from 0.05 to 1440'],
    [{ health: { unreachable: 'on' } }, 'The unreachable alert must be true or false'],
    [{ health: { pager: true } }, 'Unknown health alert setting: pager'],
    [{ maxPerMinute: 2.5 }, 'Notifications a minute must be a whole number from 1 to 60'],
    [{ volume: 3 }, 'Unknown notification setting: volume'],
    ['all off', 'Notification rules must be an object'],
  ])('refuses %j with a clear message', (patch, message) => {
    const error = thrown(() => applyNotificationRulesPatch(DEFAULT_NOTIFICATION_RULES, patch))
    expect(error.code).toBe('INVALID_ARGUMENT')
    expect(error.message).toBe(message)
  })

  it('applies nothing of a patch with one bad part', () => {
    const current = structuredClone(DEFAULT_NOTIFICATION_RULES)
    expect(() => applyNotificationRulesPatch(current, { doNotDisturb: true, maxPerMinute: -1 })).toThrow(ProofWatchError)
    expect(current.doNotDisturb).toBe(false)
  })
})

describe('notificationRulesFromStored', () => {
  it('keeps every valid part and gives the default for each bad one', () => {
    const rules = notificationRulesFromStored({
      doNotDisturb: true,
      sources: { notifications: false, userProofs: 'nope' },
      quietHours: { enabled: true, start: '22:30', end: 'later' },
      maxPerMinute: 9999,
      health: { stalled: false, stalledMinutes: -3 },
    })
    expect(rules.doNotDisturb).toBe(true)
    expect(rules.sources).toEqual({ notifications: false, userProofs: false, circuits: true, addresses: true, health: true })
    expect(rules.health).toEqual({ ...DEFAULT_NOTIFICATION_RULES.health, stalled: false })
    expect(rules.quietHours).toEqual(DEFAULT_NOTIFICATION_RULES.quietHours)
    expect(rules.maxPerMinute).toBe(DEFAULT_NOTIFICATION_RULES.maxPerMinute)
  })

  it('gives the defaults for anything that is not an object', () => {
    for (const stored of [null, 'x', 3, []]) expect(notificationRulesFromStored(stored)).toEqual(DEFAULT_NOTIFICATION_RULES)
  })
})

describe('toast rules', () => {
  it('toasts only what matters by default, takes a switch per kind and a budget an hour, and refuses anything else', () => {
    expect(DEFAULT_NOTIFICATION_RULES.toasts).toEqual({ alerts: true, health: true, watched: true, circuits: false, ownProofs: false, other: false })
    const next = applyNotificationRulesPatch(DEFAULT_NOTIFICATION_RULES, { toasts: { ownProofs: true }, toastsPerHour: 0 })
    expect(next.toasts.ownProofs).toBe(true)
    expect(next.toastsPerHour).toBe(0)
    expect(() => applyNotificationRulesPatch(DEFAULT_NOTIFICATION_RULES, { toasts: { everything: true } })).toThrow('Unknown toast kind setting: everything')
    expect(() => applyNotificationRulesPatch(DEFAULT_NOTIFICATION_RULES, { toastsPerHour: 61 })).toThrow('from 0 to 60')
    expect(notificationRulesFromStored({ toasts: { watched: 'yes', other: true }, toastsPerHour: -1 })).toMatchObject({
      toasts: { ...DEFAULT_NOTIFICATION_RULES.toasts, other: true },
      toastsPerHour: 4,
    })
  })
})
