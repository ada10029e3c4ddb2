/** CPU profiles of a page's script for the renderer benchmarks, asked for with PROOFWATCH_BENCH_PROFILE. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'

/**
 * With PROOFWATCH_BENCH_PROFILE=<dir>, a CPU profile of the page's script
 * over `run` is written there as page-<name>.cpuprofile: what the page's
 * thread was busy with while proofs waited for it.
 */
export async function profiledPage<T>(page: Page, name: string, run: () => Promise<T>): Promise<T> {
  const dir = process.env.PROOFWATCH_BENCH_PROFILE
  if (!dir) return run()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  try {
    return await run()
  } finally {
    const { profile } = await cdp.send('Profiler.stop')
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, `page-${name}.cpuprofile`), JSON.stringify(profile))
    await cdp.detach()
  }
}
