import { describe, expect, it } from 'vitest'
import { failedRow, measured, notMeasured, toRows } from './figures'

describe('toRows', () => {
  it('divides by a baseline of the same run and judges the ratio against the limit', () => {
    const rows = toRows([
      measured({ id: 'bare', figure: 'bare node', unit: 'ms', baseline: true }, [30, 40, 50]),
      measured({ id: 'cache', figure: 'cache', unit: 'ms', target: { atMost: 2, baseline: 'bare', text: '< 2×' } }, [50, 60, 70]),
      measured({ id: 'json', figure: 'json', unit: 'ms', target: { atLeast: 30, baseline: 'cache', text: '≥ 30×' } }, [600]),
    ])
    expect(rows[0]).toMatchObject({ median: 40, min: 30, max: 50, runs: 3, verdict: 'baseline', target: 'baseline', ratio: null })
    expect(rows[1]).toMatchObject({ median: 60, ratio: 1.5, ratioTo: 'bare node', verdict: 'met' })
    expect(rows[2]).toMatchObject({ ratio: 10, ratioTo: 'cache', verdict: 'missed' })
  })

  it('names the baseline by its short name when it has one', () => {
    const rows = toRows([
      measured({ id: 'raw', figure: 'raw SQLite upsert', short: 'raw upsert', unit: 'rows/s', baseline: true }, [20_000]),
      measured({ id: 'ingest', figure: 'ingest', unit: 'events/s', target: { atLeast: 0.7, baseline: 'raw', text: '≥ 0.7×' } }, [15_000]),
    ])
    expect(rows[1]).toMatchObject({ ratio: 0.75, ratioTo: 'raw upsert', verdict: 'met' })
  })

  it('divides by the limit when there is no baseline', () => {
    const [row] = toRows([measured({ id: 'p99', figure: 'p99', unit: 'ms', target: { atMost: 50, text: '< 50 ms' } }, [60])])
    expect(row).toMatchObject({ ratio: 1.2, ratioTo: 'limit', verdict: 'missed' })
    const [atLeast] = toRows([measured({ id: 'rate', figure: 'rate', unit: 'events/s', target: { atLeast: 15_000, text: '≥ 15,000' } }, [30_000])])
    expect(atLeast).toMatchObject({ ratio: 2, verdict: 'met' })
  })

  it('gives a side-by-side comparison without a limit a ratio but no verdict', () => {
    const rows = toRows([
      measured({ id: 'push', figure: 'push', unit: 'ms', baseline: true }, [10]),
      measured({ id: 'poll', figure: 'poll', unit: 'ms', target: { baseline: 'push', text: 'side by side' } }, [2_500]),
    ])
    expect(rows[1]).toMatchObject({ ratio: 250, verdict: 'info' })
  })

  it('says so when the baseline was not measured in this run', () => {
    const [row] = toRows([measured({ id: 'x', figure: 'x', unit: 'ms', target: { atMost: 2, baseline: 'absent', text: '< 2×' } }, [1])])
    expect(row).toMatchObject({ ratio: null, verdict: 'info' })
    expect(row?.note).toContain('baseline absent not measured')
  })

  it('keeps a figure that cannot be measured yet as a row with the reason', () => {
    const [row] = toRows([notMeasured({ id: 'scroll', figure: 'scroll', unit: 'fps', target: { atLeast: 55, text: '≥ 55' } }, 'no list yet')])
    expect(row).toMatchObject({ median: null, verdict: 'not measured', note: 'not measured: no list yet', target: '≥ 55' })
  })
})

describe('measured', () => {
  it('refuses runs without a finite number', () => {
    expect(() => measured({ id: 'x', figure: 'x', unit: 'ms' }, [])).toThrow(/finite/)
    expect(() => measured({ id: 'x', figure: 'x', unit: 'ms' }, [1, Number.NaN])).toThrow(/finite/)
  })
})

describe('failedRow', () => {
  it('carries the first line of the error', () => {
    expect(failedRow('ingest', new Error('socket closed\n  at stack'))).toMatchObject({ verdict: 'failed', note: 'failed: socket closed' })
  })
})
