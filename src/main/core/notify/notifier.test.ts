import { describe, expect, it } from 'vitest'
import type { NotificationRules } from '@shared/notification-rules'
import { applyNotificationRulesPatch, DEFAULT_NOTIFICATION_RULES } from '@shared/notification-rules'
import type { Watchlist } from '@shared/watchlist'
import { ManualClock } from '@test/support/manual-clock'
import { Notifier } from './notifier'
import { Snoozes } from './snoozes'
import { addressTransaction, batch, circuitProof, notification, proof } from '@test/support/notify-fixtures'
import type { NativeNotice } from './summary'

const A = 'AddrAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA1'
const B = 'AddrBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB2'

function setup(patch: object = {}, minutes = 12 * 60) {
  const clock = new ManualClock(5_000_000)
  // The user's own proofs opted in (off by default), so these tests see every source.
  let rules: NotificationRules = applyNotificationRulesPatch(applyNotificationRulesPatch(DEFAULT_NOTIFICATION_RULES, { sources: { userProofs: true } }), patch)
  let minutesOfDay = minutes
  const shown: NativeNotice[] = []
  const notifier = new Notifier({ rules: () => rules, show: (n) => shown.push(n), clock, minutesOfDay: () => minutesOfDay })
  return {
    clock,
    shown,
    notifier,
    setRules: (next: object) => (rules = applyNotificationRulesPatch(rules, next)),
    setMinutes: (value: number) => (minutesOfDay = value),
    /** Ends the burst window. */
    settle: () => clock.advance(1000),
  }
}

function watchlist(addresses: Array<[string, boolean]>, circuits: Array<[string, boolean]> = []): Watchlist {
  return {
    addresses: addresses.map(([pubkey, notify]) => ({ pubkey, notify, label: null, addedAt: 0, lastActivityAt: null, lastSignature: null })),
    circuits: circuits.map(([circuitId, notify]) => ({
      circuitId,
      notify,
      label: null,
      addedAt: 0,
      mode: 'live' as const,
      modeReason: null,
      lastActivityAt: null,
      lastProofAccount: null,
      unread: 0,
    })),
  }
}

describe('Notifier', () => {
  it('shows each user notification with its title, body and the view it opens', () => {
    const { shown, notifier, settle } = setup()
    notifier.push([batch.notifications(notification('n1', { title: 'Proof verified', body: 'Your age proof was verified', subject: { kind: 'proof', id: 'P1' } }))])
    settle()
    expect(shown).toEqual([{ title: 'Proof verified', body: 'Your age proof was verified', route: '/proofs/P1', count: 1, key: 'notification:n1', kind: 'other' }])
  })

  it('cleans and cuts the words of every candidate, whichever path built it', () => {
    const { shown, notifier, settle } = setup()
    notifier.push([batch.notifications(notification('n3', { title: 'Pay\u0000\u001b now\u200B', body: `\u202Egnp.exe\u202C ${'b'.repeat(200_000)}` }))])
    settle()
    expect(shown[0]!.title).toBe('Pay now')
    expect(shown[0]!.body.startsWith('gnp.exe b')).toBe(true)
    expect(shown[0]!.body).toHaveLength(500)
    notifier.consider([{ key: 'health:x', source: 'health', title: '\u202Eevil', body: 'a\u0007b', route: '/', address: null, circuitId: null, failed: false, at: 0 }])
    settle()
    expect(shown[1]).toMatchObject({ title: 'evil', body: 'a b' })
  })

  it('names the one address of a burst as the app calls it, in the summary and in each line it quotes', () => {
    const clock = new ManualClock(5_000_000)
    const shown: NativeNotice[] = []
    const notifier = new Notifier({ rules: () => DEFAULT_NOTIFICATION_RULES, show: (n) => shown.push(n), clock, describeAddress: (pubkey) => `Treasury (${pubkey.slice(0, 4)}…)` })
    notifier.push([batch.addressTransactions(addressTransaction(A, 'Sig1'), addressTransaction(A, 'Sig2'), addressTransaction(A, 'Sig3'))])
    clock.advance(1000)
    expect(shown.map((n) => n.title)).toEqual(['3 transactions on Treasury (Addr…)'])
    expect(shown[0]!.body).toContain('Treasury (Addr…): ')
  })

  it('decides per rule and says why an event showed nothing', () => {
    const { notifier, shown, settle } = setup({ sources: { userProofs: false }, failedTransactionsOnly: true })
    const decisions = notifier.push([
      batch.userProofs(proof('Mine')),
      batch.addressTransactions(addressTransaction(A, 'SigOk', 'SUCCESS'), addressTransaction(A, 'SigFailed', 'FAILED')),
    ])
    expect(decisions.map((d) => [d.candidate.key, d.verdict])).toEqual([
      ['proof:Mine', { notify: false, reason: 'source-off' }],
      ['transaction:SigOk', { notify: false, reason: 'not-failed' }],
      ['transaction:SigFailed', { notify: true }],
    ])
    settle()
    expect(shown.map((n) => n.title)).toEqual(['Transaction failed'])
    expect(notifier.stats().suppressed).toMatchObject({ 'source-off': 1, 'not-failed': 1 })
  })

  it('mutes the addresses and circuits whose watchlist switch is off, from a watchlist event in the stream', () => {
    const { notifier, shown, settle } = setup()
    notifier.push([
      { event: 'watchlist', payload: watchlist([[A, false], [B, true]], [['quiet-circuit', false]]) },
      batch.addressTransactions(addressTransaction(A, 'SigA'), addressTransaction(B, 'SigB')),
      batch.circuitProofs(circuitProof('quiet-circuit', 'P1'), circuitProof('loud-circuit', 'P2')),
    ])
    settle()
    expect(shown).toHaveLength(1)
    expect(shown[0]!.title).toBe('2 new events')
    expect(notifier.stats().suppressed.muted).toBe(2)
    notifier.setWatchlist(watchlist([[A, true]]))
    notifier.push([batch.addressTransactions(addressTransaction(A, 'SigA2'))])
    settle()
    expect(shown).toHaveLength(2)
  })

  it('notifies once for an event that arrives again (a backfilled copy)', () => {
    const { notifier, shown, settle } = setup()
    notifier.push([batch.userProofs(proof('P1'))])
    expect(notifier.push([batch.userProofs(proof('P1'))])).toEqual([])
    settle()
    expect(shown).toHaveLength(1)
    expect(notifier.stats()).toMatchObject({ events: 1, repeats: 1, shown: 1 })
  })

  it('shows a burst of 200 as one summary', () => {
    const { notifier, shown, clock } = setup()
    for (let i = 0; i < 200; i++) {
      notifier.push([batch.userProofs(proof(`P${i}`))])
      clock.advance(5)
    }
    clock.advance(1000)
    expect(shown.map((n) => n.title)).toEqual(['200 new proofs'])
    expect(notifier.stats().coalescer.summarisedEvents).toBe(200)
  })

  it('holds everything back in do-not-disturb and quiet hours', () => {
    const dnd = setup({ doNotDisturb: true })
    dnd.notifier.push([batch.userProofs(proof('P1'))])
    dnd.settle()
    expect(dnd.shown).toEqual([])
    expect(dnd.notifier.stats().suppressed['do-not-disturb']).toBe(1)

    const night = setup({ quietHours: { enabled: true, start: '22:00', end: '07:00' } }, 23 * 60 + 30)
    night.notifier.push([batch.userProofs(proof('P2'))])
    night.setMinutes(7 * 60)
    night.notifier.push([batch.userProofs(proof('P3'))])
    night.settle()
    expect(night.shown.map((n) => n.key)).toEqual(['proof:P3'])
    expect(night.notifier.stats().suppressed['quiet-hours']).toBe(1)
  })

  it('drops a gathered burst when do-not-disturb is switched on before it shows', () => {
    const { notifier, shown, settle, setRules } = setup()
    notifier.push([batch.userProofs(proof('P1'), proof('P2'))])
    setRules({ doNotDisturb: true })
    settle()
    expect(shown).toEqual([])
    expect(notifier.stats().suppressed['do-not-disturb']).toBe(2)
  })

  it('shows nothing for a snoozed address while the snooze lasts, and speaks again after it ends', () => {
    const clock = new ManualClock(5_000_000)
    const shown: NativeNotice[] = []
    const snoozes = new Snoozes({ clock, store: { read: () => undefined, write: () => {} }, onChange: () => {} })
    const notifier = new Notifier({ rules: () => DEFAULT_NOTIFICATION_RULES, show: (n) => shown.push(n), clock, minutesOfDay: () => 720, snoozed: (c) => snoozes.covers(c) })
    snoozes.snooze({ target: { kind: 'address', id: A }, duration: '1h' })
    notifier.push([batch.addressTransactions(addressTransaction(A, 's1'))])
    clock.advance(1000)
    expect(shown).toEqual([])
    expect(notifier.stats().suppressed.snoozed).toBe(1)
    clock.advance(3_600_000)
    notifier.push([batch.addressTransactions(addressTransaction(A, 's2'))])
    clock.advance(1000)
    expect(shown).toHaveLength(1)
  })
})
