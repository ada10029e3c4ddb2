/** The one table `npm run bench` prints: a row per figure, numbers right-aligned. */
import type { Row } from './figures'

const HEADERS = ['figure', 'median', 'min', 'max', 'unit', 'target', 'ratio', 'verdict', 'note'] as const
const NUMERIC = new Set<string>(['median', 'min', 'max', 'ratio'])

/** About three significant digits, thousands separated: 1,234,567 · 512 · 41.3 · 0.207; integers whole. */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value)
  const magnitude = Math.abs(value)
  if (Number.isInteger(value) || magnitude >= 100) return Math.round(value).toLocaleString('en-US')
  if (magnitude >= 10) return value.toFixed(1)
  if (magnitude >= 1) return value.toFixed(2)
  if (magnitude === 0) return '0'
  return value.toPrecision(3)
}

export function formatRatio(row: Row): string {
  if (row.ratio === null) return '—'
  return `${formatNumber(row.ratio)}× ${row.ratioTo}`
}

function cells(row: Row): Record<(typeof HEADERS)[number], string> {
  const number = (value: number | null) => (value === null ? '—' : formatNumber(value))
  return {
    figure: row.figure,
    median: number(row.median),
    min: number(row.min),
    max: number(row.max),
    unit: row.unit,
    target: row.target || '—',
    ratio: row.ratio === null ? '—' : formatRatio(row),
    verdict: row.verdict,
    note: row.note,
  }
}

export function formatTable(rows: readonly Row[]): string {
  const body = rows.map(cells)
  const widths = HEADERS.map((header) => Math.max(header.length, ...body.map((cell) => cell[header].length)))
  const line = (values: readonly string[]) =>
    values
      .map((value, index) => {
        const header = HEADERS[index] as string
        const width = widths[index] as number
        // The last column is not padded: notes can be long.
        if (index === HEADERS.length - 1) return value
        return NUMERIC.has(header) ? value.padStart(width) : value.padEnd(width)
      })
      .join('  ')
      .trimEnd()
  const rule = widths.map((width, index) => (index === HEADERS.length - 1 ? '----' : '-'.repeat(width))).join('  ')
  return [line(HEADERS), rule, ...body.map((cell) => line(HEADERS.map((header) => cell[header])))].join('\n')
}
