import { describe, expect, it } from 'vitest'
import { DEFAULT_NOTIFICATION_RULES, applyNotificationRulesPatch, type NotificationRulesPatch } from '@shared/notification-rules'
import type { Watchlist } from '@shared/watchlist'
import { testKey, testNotification, testProof, testTransaction } from '@test/support/history-test-data'
import { openStore } from '@test/support/temp-dir'
import { previewRules } from './rule-preview'
import { healthEntry } from './health-entries'

const INDEXER = 'http://127.0.0.1:8787'
const WATCHED = testKey(40, 1)
const MUTED = testKey(40, 2)
const CIRCUIT = '3'
const NOW = Date.UTC(2026, 2, 31, 12, 0)
const at = (day: number, hour: number, minute = 0, second = 0) => Date.UTC(2026, 2, day, hour, minute, second)
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)
const utcMinutes = (ms: number) => new Date(ms).getUTCHours() * 60 + new Date(ms).getUTCMinutes()

const watchlist: Watchlist = {
  addresses: [
    { pubkey: WATCHED, label: 'Treasury', notify: true, addedAt: 0, lastActivityAt: null, lastSignature: null },
    { pubkey: MUTED, label: null, notify: false, addedAt: 0, lastActivityAt: null, lastSignature: null },
  ],
  circuits: [{ circuitId: CIRCUIT, label: null, notify: true, addedAt: 0, mode: 'live', modeReason: null, lastActivityAt: null, lastProofAccount: null }],
}

/**
 * A known month in a real cache: a burst of three transactions of the watched address (one pop-up), one late at
 * night, one failed; one of a muted address; a proof of the followed circuit early in the morning; an indexer
 * notice; and an old transaction outside the 30 days.
 */
function knownCache() {
  const history = openStore().forIndexer(INDEXER)
  const tx = (index: number, blockTimeMs: number, status: 'SUCCESS' | 'FAILED' = 'SUCCESS') => testTransaction(index, { blockTimeMs, status })
  history.recordTransactions([tx(1, at(10, 10)), tx(2, at(10, 10, 0, 10)), tx(3, at(10, 10, 0, 20)), tx(4, at(12, 23, 30)), tx(5, at(15, 8), 'FAILED')], { address: WATCHED })
  history.recordTransactions([tx(6, at(11, 9))], { address: MUTED })
  history.recordTransactions([tx(7, NOW - 40 * 86_400_000)], { address: WATCHED })
  history.recordProofs([testProof(8, { circuitId: Number(CIRCUIT), extra: { verifiedAt: new Date(at(20, 6)).toISOString() } })])
  history.recordNotifications([testNotification(9, { type: 'SYSTEM', receivedAt: at(25, 9) })])
  return history
}

function preview(patch: NotificationRulesPatch = {}, cap?: number) {
  const rules = applyNotificationRulesPatch(DEFAULT_NOTIFICATION_RULES, patch)
  return previewRules(knownCache(), rules, { now: NOW, watchlist, minutesOfDay: utcMinutes, dayOf: utcDay, ...(cap ? { cap } : {}) })
}

describe('previewRules over the local cache', () => {
  it('counts the events and the pop-ups per day: one per burst, none for a muted address, nothing older than 30 days', () => {
    const result = preview()
    expect(result.events).toBe(8)
    expect(result.notifications).toBe(5)
    expect(result.capped).toBe(false)
    const day = (date: string) => result.days.find((d) => d.day === date)
    expect(day('2026-03-10')).toEqual({ day: '2026-03-10', events: 3, notifications: 1 })
    expect(day('2026-03-11')).toEqual({ day: '2026-03-11', events: 1, notifications: 0 })
    expect(day('2026-03-15')).toEqual({ day: '2026-03-15', events: 1, notifications: 1 })
    expect(day('2026-03-28')).toEqual({ day: '2026-03-28', events: 0, notifications: 0 })
    expect(result.days[0]!.day).toBe('2026-03-01')
    expect(result.days.at(-1)!.day).toBe('2026-03-31')
    expect(result.days.reduce((sum, d) => sum + d.events, 0)).toBe(8)
  })

  it('lists the latest pop-ups, newest first, with their time and title', () => {
    const { latest } = preview()
    expect(latest.map((notice) => notice.title)).toEqual(['Scheduled maintenance', 'New proof on Circuit #3', 'Transaction failed', 'New transaction', 'New transaction'])
    expect(latest[0]).toMatchObject({ count: 1, sources: ['notifications'] })
    // Shown at the end of its burst window (one second after the event).
    expect(latest[0]!.at).toBe(at(25, 9, 0, 1))
  })

  it("judges quiet hours at each event's own time", () => {
    const result = preview({ quietHours: { enabled: true, start: '22:00', end: '07:00' } })
    // 23:30 on the 12th and 06:00 on the 20th fall in them; the events still reach the centre.
    expect(result.notifications).toBe(3)
    expect(result.events).toBe(8)
    expect(result.days.find((d) => d.day === '2026-03-12')).toEqual({ day: '2026-03-12', events: 1, notifications: 0 })
    expect(result.days.find((d) => d.day === '2026-03-20')).toEqual({ day: '2026-03-20', events: 1, notifications: 0 })
  })

  it('raises nothing from a source switched off, and nothing at all under do not disturb', () => {
    const off = preview({ sources: { addresses: false } })
    expect(off.notifications).toBe(2)
    expect(off.latest.flatMap((notice) => notice.sources)).not.toContain('addresses')
    expect(preview({ sources: { addresses: false, circuits: false, notifications: false } }).notifications).toBe(0)
    expect(preview({ doNotDisturb: true }).notifications).toBe(0)
    expect(preview({ failedTransactionsOnly: true }).notifications).toBe(3)
  })

  it('reads at most the newest `cap` events and says so', () => {
    const result = preview({}, 3)
    expect(result).toMatchObject({ capped: true, cap: 3, events: 3 })
    // The three newest: the notice, the circuit's proof and the failed transaction.
    expect(result.latest.map((notice) => notice.title)).toEqual(['Scheduled maintenance', 'New proof on Circuit #3', 'Transaction failed'])
  })

  it('judges stored health alerts by their own rule, and the user’s verified proofs under theirs (off by default)', () => {
    const history = openStore().forIndexer(INDEXER)
    history.recordNotifications([
      healthEntry({ kind: 'unreachable', title: 'Indexer unreachable', body: 'For 5 minutes', at: at(5, 12) }).entry,
      testNotification(10, { type: 'PROOF_VERIFIED', receivedAt: at(6, 12) }),
    ])
    const run = (patch: NotificationRulesPatch) =>
      previewRules(history, applyNotificationRulesPatch(DEFAULT_NOTIFICATION_RULES, patch), { now: NOW, watchlist, minutesOfDay: utcMinutes, dayOf: utcDay })
    expect(run({}).latest.map((notice) => notice.sources)).toEqual([['health']])
    expect(run({ health: { unreachable: false } }).notifications).toBe(0)
    expect(run({ sources: { userProofs: true } }).latest.map((notice) => notice.sources)).toEqual([['userProofs'], ['health']])
  })
})
