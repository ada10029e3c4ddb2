import { describe, expect, it } from 'vitest'
import { DEFAULT_NOTIFICATION_RULES, type HealthRules } from '@shared/notification-rules'
import { HealthWatch, type HealthAlert } from './health-watch'
import { ManualClock } from '@test/support/manual-clock'

const MINUTE = 60_000

function setup(overrides: Partial<HealthRules> = {}) {
  const clock = new ManualClock(0)
  let rules: HealthRules = { ...DEFAULT_NOTIFICATION_RULES.health, ...overrides }
  const alerts: HealthAlert[] = []
  const watch = new HealthWatch({ clock, rules: () => rules, raise: (alert) => alerts.push(alert) })
  const kinds = () => alerts.map((alert) => alert.kind)
  return { clock, watch, alerts, kinds, setRules: (next: Partial<HealthRules>) => (rules = { ...rules, ...next }) }
}

describe('HealthWatch (manual clock)', () => {
  it('says the indexer is unreachable only after N minutes without a connection, and when it is back', () => {
    const { clock, watch, kinds, alerts } = setup({ unreachable: true, unreachableMinutes: 5 })
    watch.noteConnection(true)
    watch.noteConnection(false)
    clock.advance(5 * MINUTE - 1)
    expect(kinds()).toEqual([])
    clock.advance(1)
    expect(kinds()).toEqual(['unreachable'])
    expect(alerts[0]!.body).toBe('No connection to the indexer for 5 minutes')
    clock.advance(7 * MINUTE)
    watch.noteConnection(true)
    expect(kinds()).toEqual(['unreachable', 'reachable'])
    expect(alerts[1]!.body).toBe('Connected again after 12 minutes away')
  })

  it('says nothing about a short outage, a paused feed, or with the rule off', () => {
    const short = setup()
    short.watch.noteConnection(true)
    short.watch.noteConnection(false)
    short.clock.advance(4 * MINUTE)
    short.watch.noteConnection(true)
    short.clock.advance(60 * MINUTE)
    expect(short.kinds()).toEqual([])

    const paused = setup()
    paused.watch.noteConnection(false, true)
    paused.clock.advance(60 * MINUTE)
    expect(paused.kinds()).toEqual([])

    const off = setup({ unreachable: false, unreachableMinutes: 1 })
    off.watch.noteConnection(false)
    off.clock.advance(60 * MINUTE)
    expect(off.kinds()).toEqual([])
  })

  it('takes a shortened threshold at once, for an outage already under way', () => {
    const { clock, watch, kinds, setRules } = setup({ unreachable: true, unreachableMinutes: 30 })
    watch.noteConnection(false)
    clock.advance(2 * MINUTE)
    setRules({ unreachableMinutes: 1 })
    watch.rulesChanged()
    clock.advance(0)
    expect(kinds()).toEqual(['unreachable'])
  })

  it('says when the status is not online, once, and when it is online again', () => {
    const { watch, kinds, alerts } = setup()
    watch.noteOverview('online', null)
    watch.noteOverview('degraded', null)
    watch.noteOverview('degraded', null)
    watch.noteOverview('online', null)
    expect(kinds()).toEqual(['status', 'status-online'])
    expect(alerts[0]!.title).toBe('Indexer status: degraded')
  })

  it('says the indexer stalled when the slot has not moved for N minutes while connected, and when it moves again', () => {
    const { clock, watch, kinds } = setup({ stalled: true, stalledMinutes: 3 })
    watch.noteConnection(true)
    watch.noteOverview('online', '100')
    clock.advance(2 * MINUTE)
    watch.noteOverview('online', '101')
    clock.advance(3 * MINUTE - 1)
    expect(kinds()).toEqual([])
    clock.advance(1)
    expect(kinds()).toEqual(['stalled'])
    clock.advance(10 * MINUTE)
    expect(kinds()).toEqual(['stalled'])
    watch.noteOverview('online', '102')
    expect(kinds()).toEqual(['stalled', 'advancing'])
  })

  it('says when the slot goes backwards (the chain restarted), and compares no slot across a switch of indexer', () => {
    const { watch, kinds, alerts } = setup()
    watch.noteConnection(true)
    watch.noteOverview('online', '1000')
    watch.noteOverview('online', '1005')
    watch.noteOverview('online', '20')
    expect(kinds()).toEqual(['chain-restarted'])
    expect(alerts[0]!.body).toMatch(/went back from 1005 to 20/)
    watch.noteOverview('online', '21')
    watch.indexerChanged()
    watch.noteOverview('online', '5')
    expect(kinds()).toEqual(['chain-restarted'])
  })

  it('counts no stall while disconnected: the wait starts again when the socket is back', () => {
    const { clock, watch, kinds } = setup({ stalled: true, stalledMinutes: 3, unreachable: false })
    watch.noteConnection(true)
    watch.noteOverview('online', '100')
    clock.advance(MINUTE)
    watch.noteConnection(false)
    clock.advance(10 * MINUTE)
    watch.noteConnection(true)
    clock.advance(3 * MINUTE - 1)
    expect(kinds()).toEqual([])
    clock.advance(1)
    expect(kinds()).toEqual(['stalled'])
  })
})
