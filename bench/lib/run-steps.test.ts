import { describe, expect, it } from 'vitest'
import { runSteps } from './run-steps'

const named = (name: string, quiet = false, besideQuiet = false) => ({ name, quiet, besideQuiet })
const names = (steps: { name: string }[][]) => steps.map((step) => step.map((benchmark) => benchmark.name))

describe('runSteps', () => {
  it('puts consecutive quiet benchmarks in one step and every other benchmark in its own', () => {
    const selected = [named('ws'), named('idle', true), named('polling', true), named('latency', true), named('relay'), named('alone', true)]
    expect(names(runSteps(selected))).toEqual([['ws'], ['idle', 'polling', 'latency'], ['relay'], ['alone']])
  })

  it('keeps quiet benchmarks that a loud one separates apart', () => {
    expect(names(runSteps([named('a', true), named('b'), named('c', true)]))).toEqual([['a'], ['b'], ['c']])
  })

  it('runs the quiet benchmarks after one that may have them beside it in its step, and nothing else', () => {
    const selected = [named('ingest'), named('memory', false, true), named('idle', true), named('polling', true), named('relay'), named('soak', false, true), named('latency')]
    expect(names(runSteps(selected))).toEqual([['ingest'], ['memory', 'idle', 'polling'], ['relay'], ['soak'], ['latency']])
  })

  it('runs each alone when asked to', () => {
    expect(names(runSteps([named('a', true), named('b', true)], true))).toEqual([['a'], ['b']])
    expect(names(runSteps([named('memory', false, true), named('idle', true)], true))).toEqual([['memory'], ['idle']])
  })

  it('has no step for an empty selection', () => {
    expect(runSteps([])).toEqual([])
  })
})
