import { describe, expect, it } from 'vitest'
import { CommitCost } from './commit-cost'

describe('CommitCost', () => {
  it('foresees nothing before a COMMIT was noted, then a COMMIT in proportion to the records it holds', () => {
    const cost = new CommitCost()
    expect(cost.foresee(100)).toBe(0)
    cost.note(40, 40)
    expect(cost.foresee(24)).toBe(24)
    expect(cost.foresee(0)).toBe(0)
  })

  it('weighs the recent COMMITs most: a cheaper one lowers the cost, the older ones still count', () => {
    const cost = new CommitCost()
    cost.note(40, 40)
    cost.note(10, 40)
    // 40 × 0.7 + 10 ms over 40 × 0.7 + 40 records.
    expect(cost.foresee(68)).toBeCloseTo(38)
    expect(cost.foresee(68)).toBeGreaterThan(10 * (68 / 40))
  })
})
