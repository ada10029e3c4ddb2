import { describe, expect, it } from 'vitest'
import type { NotificationRules } from '@shared/notification-rules'
import { applyNotificationRulesPatch, DEFAULT_NOTIFICATION_RULES } from '@shared/notification-rules'
import type { NotifyCandidate } from './candidates'
import { evaluateRules, inQuietHours } from './rules'

const NOON = 12 * 60

function candidate(fields: Partial<NotifyCandidate>): NotifyCandidate {
  return { key: 'k', source: 'notifications', title: 't', body: 'b', route: '/', address: null, circuitId: null, failed: false, at: 0, ...fields }
}

/** Every source on: the user's own proofs are opted in, so each source's switch can be seen to matter. */
const ALL_ON = applyNotificationRulesPatch(DEFAULT_NOTIFICATION_RULES, { sources: { userProofs: true } })

function rules(patch: object): NotificationRules {
  return applyNotificationRulesPatch(ALL_ON, patch)
}

const muted = (addresses: string[] = [], circuits: string[] = []) => ({ addresses: new Set(addresses), circuits: new Set(circuits) })

describe('evaluateRules', () => {
  it('is quiet by default: every source notifies except the user\'s own routine proofs', () => {
    for (const source of ['notifications', 'circuits', 'addresses', 'health'] as const) {
      expect(evaluateRules(candidate({ source }), DEFAULT_NOTIFICATION_RULES, NOON)).toEqual({ notify: true })
    }
    expect(evaluateRules(candidate({ source: 'userProofs' }), DEFAULT_NOTIFICATION_RULES, NOON)).toEqual({ notify: false, reason: 'source-off' })
    expect(evaluateRules(candidate({ source: 'userProofs' }), ALL_ON, NOON)).toEqual({ notify: true })
  })

  it('turns each source off on its own', () => {
    for (const source of ['notifications', 'userProofs', 'circuits', 'addresses'] as const) {
      const off = rules({ sources: { [source]: false } })
      expect(evaluateRules(candidate({ source }), off, NOON)).toEqual({ notify: false, reason: 'source-off' })
      const other = source === 'notifications' ? 'userProofs' : 'notifications'
      expect(evaluateRules(candidate({ source: other }), off, NOON)).toEqual({ notify: true })
    }
  })

  it('mutes one watched address and one followed circuit, not the others', () => {
    const off = muted(['AddrMuted'], ['circuit-7'])
    const tx = (address: string) => candidate({ source: 'addresses', address })
    expect(evaluateRules(tx('AddrMuted'), DEFAULT_NOTIFICATION_RULES, NOON, off)).toEqual({ notify: false, reason: 'muted' })
    expect(evaluateRules(tx('AddrOther'), DEFAULT_NOTIFICATION_RULES, NOON, off)).toEqual({ notify: true })
    const proof = (circuitId: string) => candidate({ source: 'circuits', circuitId })
    expect(evaluateRules(proof('circuit-7'), DEFAULT_NOTIFICATION_RULES, NOON, off)).toEqual({ notify: false, reason: 'muted' })
    expect(evaluateRules(proof('circuit-8'), DEFAULT_NOTIFICATION_RULES, NOON, off)).toEqual({ notify: true })
  })

  it('gives the snoozed reason to what a snooze covers, after the user\'s own switches', () => {
    const snoozedAddress = (c: NotifyCandidate) => c.address === 'AddrSnoozed'
    const tx = (address: string) => candidate({ source: 'addresses', address })
    expect(evaluateRules(tx('AddrSnoozed'), DEFAULT_NOTIFICATION_RULES, NOON, muted(), snoozedAddress)).toEqual({ notify: false, reason: 'snoozed' })
    expect(evaluateRules(tx('AddrOther'), DEFAULT_NOTIFICATION_RULES, NOON, muted(), snoozedAddress)).toEqual({ notify: true })
    // Muted or off says more than snoozed: the user does not want it at all.
    expect(evaluateRules(tx('AddrSnoozed'), DEFAULT_NOTIFICATION_RULES, NOON, muted(['AddrSnoozed']), snoozedAddress)).toEqual({ notify: false, reason: 'muted' })
    expect(evaluateRules(tx('AddrSnoozed'), rules({ doNotDisturb: true }), NOON, muted(), snoozedAddress)).toEqual({ notify: false, reason: 'snoozed' })
  })

  it('lets only failed transactions through with failed-transactions-only, and leaves other sources alone', () => {
    const failedOnly = rules({ failedTransactionsOnly: true })
    expect(evaluateRules(candidate({ source: 'addresses', address: 'A', failed: true }), failedOnly, NOON)).toEqual({ notify: true })
    expect(evaluateRules(candidate({ source: 'addresses', address: 'A', failed: false }), failedOnly, NOON)).toEqual({
      notify: false,
      reason: 'not-failed',
    })
    expect(evaluateRules(candidate({ source: 'userProofs' }), failedOnly, NOON)).toEqual({ notify: true })
  })

  it('holds everything back under do-not-disturb', () => {
    const dnd = rules({ doNotDisturb: true })
    for (const source of ['notifications', 'userProofs', 'circuits', 'addresses'] as const) {
      expect(evaluateRules(candidate({ source, failed: true }), dnd, NOON)).toEqual({ notify: false, reason: 'do-not-disturb' })
    }
  })

  it('holds everything back in quiet hours, and nothing outside them', () => {
    const quiet = rules({ quietHours: { enabled: true, start: '22:00', end: '07:00' } })
    expect(evaluateRules(candidate({}), quiet, 23 * 60)).toEqual({ notify: false, reason: 'quiet-hours' })
    expect(evaluateRules(candidate({}), quiet, NOON)).toEqual({ notify: true })
  })

  it('names the unwanted-event reason before the held-back one', () => {
    const both = rules({ doNotDisturb: true, sources: { userProofs: false } })
    expect(evaluateRules(candidate({ source: 'userProofs' }), both, NOON)).toEqual({ notify: false, reason: 'source-off' })
  })
})

describe('inQuietHours', () => {
  const at = (h: number, m = 0) => h * 60 + m

  it('spans midnight when the start is later than the end (start in, end out)', () => {
    const quiet = { enabled: true, start: '22:00', end: '07:00' }
    expect([at(21, 59), at(22), at(23, 59), at(0), at(6, 59), at(7), at(12)].map((m) => inQuietHours(quiet, m))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
    ])
  })

  it('stays within one day when the start is earlier than the end', () => {
    const quiet = { enabled: true, start: '13:00', end: '14:30' }
    expect([at(12, 59), at(13), at(14, 29), at(14, 30), at(23)].map((m) => inQuietHours(quiet, m))).toEqual([false, true, true, false, false])
  })

  it('is never quiet when switched off or when the times are unusable', () => {
    expect(inQuietHours({ enabled: false, start: '00:00', end: '23:59' }, at(12))).toBe(false)
    expect(inQuietHours({ enabled: true, start: '10:00', end: '10:00' }, at(10))).toBe(false)
    expect(inQuietHours({ enabled: true, start: 'late', end: '07:00' }, at(3))).toBe(false)
  })
})
