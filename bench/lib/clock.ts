import { performance } from 'node:perf_hooks'

/**
 * Epoch milliseconds with sub-millisecond resolution and no jumps: the
 * monotonic clock anchored at the process's time origin. Browsers offer the
 * same (performance.timeOrigin + performance.now()), so times taken in
 * different processes can be compared once their offset is measured.
 */
export function wallNow(): number {
  return performance.timeOrigin + performance.now()
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/** Resolves when `condition` holds, checking every `everyMs`; rejects after `timeoutMs` with `what`. */
export async function until(condition: () => boolean, what: string, timeoutMs: number, everyMs = 5): Promise<void> {
  const deadline = performance.now() + timeoutMs
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`)
    await sleep(everyMs)
  }
}

/** Another clock minus ours (`remoteNow` reads it), from the round trip with the smallest delay of `attempts`. */
export async function clockOffset(remoteNow: () => Promise<number>, attempts = 15): Promise<number> {
  let best = { roundTrip: Infinity, offset: 0 }
  for (let attempt = 0; attempt < attempts; attempt++) {
    const before = wallNow()
    const remote = await remoteNow()
    const after = wallNow()
    if (after - before < best.roundTrip) best = { roundTrip: after - before, offset: remote - (before + after) / 2 }
  }
  return best.offset
}

/** This process's CPU time so far, user and system, every thread, in µs. */
export function cpuMicros(): number {
  const { user, system } = process.cpuUsage()
  return user + system
}
