import { spawnSync } from 'node:child_process'
import { expect, it, vi } from 'vitest'
import { applyV8MemoryFlags, V8_MEMORY_FLAGS } from './v8-memory-flags'

it('hands every flag to V8', () => {
  const set = vi.fn()
  applyV8MemoryFlags(set)
  expect(set.mock.calls.map(([flag]) => flag)).toEqual([...V8_MEMORY_FLAGS])
})

/** A burst of short-lived allocations, as decoding pages of JSON makes; prints the young generation's size in MB after it. */
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

it('keeps the young generation small when applied at run time (V8 reads them after start-up)', () => {
  const without = youngGenerationAfterBurst([])
  const applied = youngGenerationAfterBurst(V8_MEMORY_FLAGS)
  console.log(`v8 memory flags: young generation after a burst ${without} MB without, ${applied} MB with ${V8_MEMORY_FLAGS.join(' ')}`)
  // Without them it grows to 32-128 MB under such a burst; with them it stays at a few MB.
  expect(without).toBeGreaterThanOrEqual(32)
  expect(applied).toBeLessThanOrEqual(16)
}, 120_000)
