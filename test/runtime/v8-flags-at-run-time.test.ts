/**
 * Measurements, not logic: V8 really reads the memory mode's flags after
 * start-up. Each burst runs in a child process of its own (the young
 * generation's size is a process's), so these take seconds and live with the
 * scenarios; the mode's own logic is tested beside it
 * (src/main/runtime/v8-memory-mode.test.ts). Sizes are asserted, never time.
 */
import { spawnSync } from 'node:child_process'
import { getHeapSpaceStatistics } from 'node:v8'
import { expect, it } from 'vitest'
import { FAST_ALLOCATION_FLAG, lastResortCollection, SMALL_FOOTPRINT_FLAG, YOUNG_HOLDS_SIZE_FLAG, YOUNG_MAY_GROW_FLAG } from '../../src/main/runtime/v8-memory-mode'

/** Applies the flags given, then a burst of short-lived allocations as decoding pages of JSON makes; prints the young generation's size in MB. */
const BURST = `
const v8 = await import('node:v8')
for (const flag of JSON.parse(process.argv[1])) v8.setFlagsFromString(flag)
let keep = []
for (let i = 0; i < 6000; i++) {
  keep.push(JSON.parse(JSON.stringify(Array.from({ length: 200 }, (_, j) => ({ id: 'item-' + i + '-' + j, slot: String(i * 1000 + j) })))))
  if (keep.length > 150) keep.shift()
}
const young = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')
console.log(Math.round(young.space_size / 1048576))
`

function youngGenerationAfterBurst(flags: readonly string[]): number {
  const run = spawnSync(process.execPath, ['--input-type=module', '-e', BURST, JSON.stringify(flags)], { encoding: 'utf8', timeout: 60_000 })
  if (run.status !== 0) throw new Error(`the burst failed: ${run.stderr}`)
  return Number(run.stdout.trim())
}

it('small mode keeps the young generation small when set at run time (V8 reads the flag after start-up)', () => {
  const without = youngGenerationAfterBurst([])
  const small = youngGenerationAfterBurst([SMALL_FOOTPRINT_FLAG])
  const backToFast = youngGenerationAfterBurst([SMALL_FOOTPRINT_FLAG, FAST_ALLOCATION_FLAG])
  console.log(`v8 memory mode: young generation after a burst ${without} MB by default, ${small} MB small, ${backToFast} MB switched back to fast`)
  // By default it grows to 32-128 MB under such a burst; small, it stays at a few MB; fast again, it may grow again.
  expect(without).toBeGreaterThanOrEqual(32)
  expect(small).toBeLessThanOrEqual(16)
  expect(backToFast).toBeGreaterThanOrEqual(32)
}, 120_000)

it('a growth factor of 1 set at run time holds the young generation where it is (V8 reads it after start-up)', () => {
  const held = youngGenerationAfterBurst([YOUNG_HOLDS_SIZE_FLAG])
  const mayGrow = youngGenerationAfterBurst([YOUNG_HOLDS_SIZE_FLAG, YOUNG_MAY_GROW_FLAG])
  console.log(`v8 memory mode: young generation after a burst ${held} MB held, ${mayGrow} MB allowed to grow again`)
  expect(held).toBeLessThanOrEqual(4)
  expect(mayGrow).toBeGreaterThanOrEqual(32)
}, 120_000)

it('the last-resort collection, had at run time, gives back the young generation a burst grew', () => {
  const youngMb = () => Math.round((getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size ?? 0) / 1048576)
  let keep: unknown[] = []
  for (let i = 0; i < 6000; i++) {
    keep.push(JSON.parse(JSON.stringify(Array.from({ length: 200 }, (_, j) => ({ id: `item-${i}-${j}`, slot: String(i * 1000 + j) })))))
    if (keep.length > 150) keep.shift()
  }
  keep = []
  const before = youngMb()
  const collect = lastResortCollection()
  expect(collect).toBeTypeOf('function')
  collect?.()
  const after = youngMb()
  console.log(`v8 memory mode: young generation after a burst ${before} MB, after the last-resort collection ${after} MB (${keep.length} kept)`)
  expect(before).toBeGreaterThanOrEqual(16)
  expect(after).toBeLessThanOrEqual(2)
}, 120_000)
