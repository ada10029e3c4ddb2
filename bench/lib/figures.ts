/**
 * What a benchmark reports (figures with samples or a reason they could not
 * be measured) and the table row the runner makes of each: median, min, max
 * and the ratio to the target's limit or to a baseline measured in the same run.
 */
import { summarize } from './stats'

export interface Target {
  /** The figure (or its ratio to the baseline) must stay at or below this. */
  atMost?: number
  /** The figure (or its ratio to the baseline) must reach at least this. */
  atLeast?: number
  /** Id of a figure measured in the same run; the limit then applies to figure ÷ baseline. */
  baseline?: string
  /** As printed, e.g. "≥ 15,000" or "< 2× bare node". */
  text: string
}

export interface Figure {
  /** Stable across runs, for comparing result files: "cold-start.cache". */
  id: string
  /** As printed. */
  figure: string
  unit: string
  /** One value per run; absent when notMeasured says why. */
  samples?: number[]
  notMeasured?: string
  /** Baselines carry no target; other figures may. */
  target?: Target
  baseline?: boolean
  /** How ratios to this figure name it: "bare node". Default: the figure. */
  short?: string
  note?: string
}

export type Verdict = 'met' | 'missed' | 'baseline' | 'info' | 'not measured' | 'failed'

export interface Row {
  id: string
  figure: string
  median: number | null
  min: number | null
  max: number | null
  runs: number
  unit: string
  target: string
  /** figure ÷ baseline when the target names one, else figure ÷ limit. */
  ratio: number | null
  /** What the ratio divides by, e.g. "bare node start" or "limit". */
  ratioTo: string
  verdict: Verdict
  /** Why a figure was not measured or a benchmark failed, or a remark. */
  note: string
}

export function measured(figure: Omit<Figure, 'samples' | 'notMeasured'>, samples: number[]): Figure {
  if (samples.length === 0 || samples.some((value) => !Number.isFinite(value))) {
    throw new Error(`${figure.id}: every run must give a finite number, got [${samples.join(', ')}]`)
  }
  return { ...figure, samples }
}

export function notMeasured(figure: Omit<Figure, 'samples' | 'notMeasured'>, why: string): Figure {
  return { ...figure, notMeasured: why }
}

/** A benchmark that threw: one row says so, so a broken benchmark is seen. */
export function failedRow(benchmark: string, error: unknown): Row {
  const message = error instanceof Error ? error.message : String(error)
  return {
    id: `${benchmark}.failed`,
    figure: benchmark,
    median: null,
    min: null,
    max: null,
    runs: 0,
    unit: '',
    target: '',
    ratio: null,
    ratioTo: '',
    verdict: 'failed',
    note: `failed: ${message.split('\n')[0]}`,
  }
}

/** Rows for the figures; ratios to baselines look the baseline up among all figures of the run. */
export function toRows(figures: readonly Figure[]): Row[] {
  const medians = new Map<string, { median: number; figure: string }>()
  for (const figure of figures) {
    if (figure.samples) medians.set(figure.id, { median: summarize(figure.samples).median, figure: figure.short ?? figure.figure })
  }
  return figures.map((figure) => toRow(figure, medians))
}

function toRow(figure: Figure, medians: ReadonlyMap<string, { median: number; figure: string }>): Row {
  const base: Row = {
    id: figure.id,
    figure: figure.figure,
    median: null,
    min: null,
    max: null,
    runs: 0,
    unit: figure.unit,
    target: figure.baseline ? 'baseline' : (figure.target?.text ?? ''),
    ratio: null,
    ratioTo: '',
    verdict: figure.baseline ? 'baseline' : 'info',
    note: figure.note ?? '',
  }
  if (!figure.samples) {
    return { ...base, verdict: 'not measured', note: `not measured: ${figure.notMeasured ?? 'no reason given'}` }
  }
  const summary = summarize(figure.samples)
  const row: Row = { ...base, median: summary.median, min: summary.min, max: summary.max, runs: summary.runs }
  const target = figure.target
  if (!target || figure.baseline) return row
  let compared: number
  if (target.baseline !== undefined) {
    const baseline = medians.get(target.baseline)
    if (!baseline || baseline.median === 0) return { ...row, note: joinNotes(row.note, `baseline ${target.baseline} not measured in this run`) }
    compared = summary.median / baseline.median
    row.ratio = compared
    row.ratioTo = baseline.figure
  } else {
    compared = summary.median
    const limit = target.atMost ?? target.atLeast
    if (limit === undefined || limit === 0) return row
    row.ratio = summary.median / limit
    row.ratioTo = 'limit'
  }
  // A side-by-side comparison without a limit is information, not a verdict.
  if (target.atMost === undefined && target.atLeast === undefined) return row
  const meets = (target.atMost === undefined || compared <= target.atMost) && (target.atLeast === undefined || compared >= target.atLeast)
  row.verdict = meets ? 'met' : 'missed'
  return row
}

function joinNotes(...notes: string[]): string {
  return notes.filter((note) => note !== '').join('; ')
}
