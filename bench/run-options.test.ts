import { describe, expect, it } from 'vitest'
import { parseRunOptions } from './run-options'

const KNOWN = ['ws', 'sqlite', 'latency']

describe('parseRunOptions', () => {
  it('runs everything in full by default', () => {
    expect(parseRunOptions([], KNOWN)).toEqual({ quick: false, only: null, runs: null, build: true, freshFixtures: false, apart: false, help: false })
  })

  it('reads --quick, --only, --runs, --no-build, --fresh-fixtures and --apart', () => {
    expect(parseRunOptions(['--quick', '--only', 'ws,latency', '--runs=3', '--no-build', '--fresh-fixtures', '--apart'], KNOWN)).toEqual({
      quick: true,
      only: ['ws', 'latency'],
      runs: 3,
      build: false,
      freshFixtures: true,
      apart: true,
      help: false,
    })
  })

  it('refuses an unknown benchmark, naming the known ones', () => {
    expect(() => parseRunOptions(['--only', 'ws,scrol'], KNOWN)).toThrow(/unknown benchmark scrol; known: ws, sqlite, latency/)
  })

  it('refuses a bad run count, a missing value and an unknown argument', () => {
    expect(() => parseRunOptions(['--runs', '0'], KNOWN)).toThrow(/--runs/)
    expect(() => parseRunOptions(['--runs', 'many'], KNOWN)).toThrow(/--runs/)
    expect(() => parseRunOptions(['--only'], KNOWN)).toThrow(/--only needs a value/)
    expect(() => parseRunOptions(['--fast'], KNOWN)).toThrow(/unknown argument --fast/)
  })
})
