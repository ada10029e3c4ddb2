import { describe, expect, it } from 'vitest'
import { measured, notMeasured, toRows } from './figures'
import { formatNumber, formatTable } from './table'

describe('formatNumber', () => {
  it('keeps about three significant digits and separates thousands', () => {
    expect(formatNumber(1_234_567.8)).toBe('1,234,568')
    expect(formatNumber(512.4)).toBe('512')
    expect(formatNumber(41.26)).toBe('41.3')
    expect(formatNumber(4.126)).toBe('4.13')
    expect(formatNumber(0.20734)).toBe('0.207')
    expect(formatNumber(0)).toBe('0')
    expect(formatNumber(6)).toBe('6')
  })
})

describe('formatTable', () => {
  it('prints a header, a rule and one aligned line per row, with the reason for what was not measured', () => {
    const text = formatTable(
      toRows([
        measured({ id: 'a', figure: 'short', unit: 'ms', target: { atMost: 50, text: '< 50 ms' } }, [5, 6, 7]),
        notMeasured({ id: 'b', figure: 'a much longer figure', unit: 'fps' }, 'needs the list'),
      ]),
    )
    const lines = text.split('\n')
    expect(lines).toHaveLength(4)
    expect(lines[0]).toMatch(/^figure\s+median\s+min\s+max\s+unit\s+target\s+ratio\s+verdict\s+note$/)
    expect(lines[2]).toMatch(/^short\s+6\s+5\s+7\s+ms\s+< 50 ms\s+0\.120× limit\s+met/)
    expect(lines[3]).toContain('not measured: needs the list')
    // Columns line up: every median ends at the same position.
    expect(lines[2]!.indexOf('6') + 1).toBe(lines[0]!.indexOf('median') + 'median'.length)
  })
})
