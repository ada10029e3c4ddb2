import { describe, expect, it } from 'vitest'
import { POLL_SHARE, budgetTable, pollBudget } from './poll-budget'

const VISIBLE = { visible: true, idle: false }
const HIDDEN = { visible: false, idle: false }
const IDLE = { visible: true, idle: true }

describe('pollBudget', () => {
  it('prints the budget for 1, 20 and 200 addresses against the reference limit', () => {
    const lines = [
      'visible, address page open:',
      ...budgetTable(1000, VISIBLE, true),
      'visible, no page open:',
      ...budgetTable(1000, VISIBLE, false),
      'window hidden:',
      ...budgetTable(1000, HIDDEN, false),
      'system idle:',
      ...budgetTable(1000, IDLE, false),
    ]
    console.log(lines.join('\n'))
    const rows = lines.filter((line) => /address\(es\)/.test(line))
    expect(rows).toHaveLength(12)
    for (const row of rows) expect(Number(/([\d.]+)% of 1000\/min/.exec(row)?.[1])).toBeLessThanOrEqual(20)
  })

  it('keeps every case within a fifth of the advertised limit', () => {
    for (const limit of [60, 300, 1000, 5000, null]) {
      for (const activity of [VISIBLE, HIDDEN, IDLE]) {
        for (const addresses of [0, 1, 20, 200, 2000]) {
          for (const openAddress of [true, false]) {
            const budget = pollBudget({ addresses, openAddress, activity, limitPerMinute: limit })
            expect(budget.shareOfLimit).toBeLessThanOrEqual(POLL_SHARE + 0.001)
          }
        }
      }
    }
  })

  it('reads the open address within 5 s and 20 background addresses within 20 s', () => {
    const open = pollBudget({ addresses: 20, openAddress: true, activity: VISIBLE, limitPerMinute: 1000 })
    expect(open.openIntervalMs).toBeLessThanOrEqual(5_000)
    expect(open.addressIntervalMs).toBeLessThanOrEqual(20_000)
    const background = pollBudget({ addresses: 20, openAddress: false, activity: VISIBLE, limitPerMinute: 1000 })
    expect(background.addressIntervalMs).toBeLessThanOrEqual(20_000)
    expect(background.perAddressPerHour).toBe(240)
  })

  it('reads less often hidden and idle, and the open page is not faster when nobody sees it', () => {
    const visible = pollBudget({ addresses: 20, openAddress: true, activity: VISIBLE, limitPerMinute: 1000 })
    const hidden = pollBudget({ addresses: 20, openAddress: true, activity: HIDDEN, limitPerMinute: 1000 })
    const idle = pollBudget({ addresses: 20, openAddress: true, activity: IDLE, limitPerMinute: 1000 })
    expect(hidden.addressIntervalMs).toBeGreaterThan(visible.addressIntervalMs)
    expect(idle.addressIntervalMs).toBeGreaterThan(hidden.addressIntervalMs)
    expect(hidden.openIntervalMs).toBeNull()
  })

  it('reads the background half as often on battery, but not the open page someone is looking at', () => {
    const mains = pollBudget({ addresses: 20, openAddress: true, activity: VISIBLE, limitPerMinute: 1000 })
    const battery = pollBudget({ addresses: 20, openAddress: true, activity: { ...VISIBLE, onBattery: true }, limitPerMinute: 1000 })
    expect(battery.openIntervalMs).toBe(mains.openIntervalMs)
    expect(battery.addressIntervalMs).toBe(2 * mains.addressIntervalMs)
    const hiddenMains = pollBudget({ addresses: 20, openAddress: false, activity: HIDDEN, limitPerMinute: 1000 })
    const hiddenBattery = pollBudget({ addresses: 20, openAddress: false, activity: { ...HIDDEN, onBattery: true }, limitPerMinute: 1000 })
    expect(hiddenBattery.addressIntervalMs).toBe(2 * hiddenMains.addressIntervalMs)
  })

  it('spreads 200 addresses over a longer interval instead of passing the share, leaving room for other polls', () => {
    const alone = pollBudget({ addresses: 200, openAddress: false, activity: VISIBLE, limitPerMinute: 1000 })
    expect(alone.totalPerMinute).toBeLessThanOrEqual(200)
    expect(alone.addressIntervalMs).toBeGreaterThan(15_000)
    const shared = pollBudget({ addresses: 200, openAddress: false, activity: VISIBLE, limitPerMinute: 1000, otherPerMinute: 20 })
    expect(shared.totalPerMinute).toBeLessThanOrEqual(180)
  })
})
