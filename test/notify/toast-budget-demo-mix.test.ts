/**
 * Quiet by default, over 15 simulated minutes of the demo's event mix as a new user meets it (issue 23, defect 6):
 * signed in, so one of their own proofs is verified every 10 s (PROOF_VERIFIED on user:notifications), watching the
 * busiest prover, whose transactions come every 7 s with one failure every 3 minutes, and one health alert. The
 * centre's entry builder, the notifier under the default rules and a browser tab's toast budget run on one manual
 * clock. Before, this mix gave 6 toasts a minute (91 in 15 minutes) and one centre entry per own proof.
 */
import { describe, expect, it } from 'vitest'
import type { AppNotification } from '@shared/domain'
import type { Notice } from '@shared/notice'
import { DEFAULT_NOTIFICATION_RULES } from '@shared/notification-rules'
import { EntryBuilder } from '../../src/main/core/notify/entry-builder'
import { Notifier } from '../../src/main/core/notify/notifier'
import { ToastBudget } from '@shared/toast-budget'
import { ManualClock } from '../support/manual-clock'
import { addressTransaction, notification } from '../support/notify-fixtures'

const PROVER = '5nrhYw3Yb8sK2xJ7kq1pQm9vT4cR6dF8gH2jL5nP3shmy'
const MINUTE = 60_000

function run(minutes: number) {
  const clock = new ManualClock(Date.UTC(2026, 10, 27, 12))
  const rows = new Map<string, AppNotification>()
  const notices: Array<Notice & { at: number }> = []
  const toasts: Array<Notice & { at: number }> = []
  const budget = new ToastBudget(() => clock.now())
  const notifier = new Notifier({
    clock,
    rules: () => DEFAULT_NOTIFICATION_RULES,
    minutesOfDay: () => 12 * 60,
    show: (notice) => {
      notices.push({ ...notice, at: clock.now() })
      if (budget.admit(notice, DEFAULT_NOTIFICATION_RULES) === 'show') toasts.push({ ...notice, at: clock.now() })
    },
  })
  const builder = new EntryBuilder({
    clock,
    describeAddress: (pubkey) => `${pubkey.slice(0, 4)}…${pubkey.slice(-4)}`,
    followsAddress: (pubkey) => pubkey === PROVER,
    emit: (entries, candidates) => {
      for (const entry of entries) rows.set(entry.id, entry)
      notifier.consider(candidates)
    },
    remove: (ids) => ids.forEach((id) => rows.delete(id)),
  })

  let transactions = 0
  for (let second = 0; second < minutes * 60; second++) {
    if (second % 10 === 0) {
      const account = `Own${second}`.padEnd(44, 'p')
      builder.notifications([
        notification(`verified-${second}`, { title: 'Proof verified', body: 'Your age proof was verified', raw: { id: `verified-${second}`, data: { url: `https://x.example/proof/${account}` } } }),
      ])
    }
    if (second % 7 === 0) {
      // Every 26th fails: one failure about every 3 minutes.
      const failed = ++transactions % 26 === 0
      builder.addressTransactions([addressTransaction(PROVER, `sig${second}`.padEnd(64, 'x'), failed ? 'FAILED' : 'SUCCESS')])
    }
    if (second === 420) {
      notifier.consider([{ key: 'health:unreachable', source: 'health', alert: 'unreachable', title: 'Indexer unreachable', body: 'For 5 minutes', route: '/settings', address: null, circuitId: null, failed: false, at: clock.now() }])
    }
    clock.advance(1000)
  }
  notifier.flush()
  return { rows, notices, toasts, budget }
}

describe('quiet by default on the demo mix', () => {
  it('rolls 90 own verified proofs into one centre entry and shows at most the hour\'s budget of toasts in 15 minutes', () => {
    const { rows, notices, toasts, budget } = run(15)
    const own = [...rows.values()].filter((row) => row.kind === 'PROOF_VERIFIED')
    expect(own).toHaveLength(1)
    expect(own[0]!.title).toBe('90 of your proofs verified')

    const perMinute = Array.from({ length: 15 }, (_, minute) => toasts.filter((t) => Math.floor((t.at - toasts[0]!.at) / MINUTE) === minute).length)
    console.log(`centre entries: ${rows.size}; pop-ups decided: ${notices.length}; toasts: ${toasts.length}; toasts per minute: ${perMinute.join(' ')}`)
    expect(toasts.length).toBeLessThanOrEqual(DEFAULT_NOTIFICATION_RULES.toastsPerHour)
    // What toasted is what matters: a failure, the watched prover's bursts, health; never the user's routine proofs.
    expect(toasts.map((t) => t.kind).every((kind) => kind === 'alerts' || kind === 'watched' || kind === 'health')).toBe(true)
    expect(notices.some((n) => n.kind === 'ownProofs')).toBe(false)
    expect(toasts.some((t) => t.kind === 'alerts')).toBe(true)
    // The prover's activity is a group entry per burst, not one a transaction.
    expect([...rows.values()].filter((row) => row.kind === 'ADDRESS_TRANSACTION').length).toBeLessThanOrEqual(2)
    expect(budget.held['over-budget'] + budget.held['kind-off']).toBe(notices.length - toasts.length)
  })
})
