/**
 * Search by prefix on the 1,000,000-row cache: a person types the start of a
 * proof account; the first 50 matches, decoded. p50 and p99 over many
 * prefixes of 3 to 8 characters. Placeholder query on the placeholder schema
 * until the history store's search exists (then this calls it instead).
 */
import { performance } from 'node:perf_hooks'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { openCache, PROOFS_BY_PREFIX } from '../lib/cache-fixture'
import { prefixesOf } from '../lib/records'
import { percentile } from '../lib/stats'
import { createPrng } from '../../src/main/demo/prng'

const MATCHES = 50

/** The smallest string above every string that starts with `prefix` (byte order, ASCII keys). */
function prefixEnd(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)
}

export const searchByPrefix: Benchmark = {
  name: 'search',
  title: 'Search by prefix on the cache',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const db = openCache(ctx.fixtures.cacheFile(), 'default', true)
    try {
      const query = db.prepare(PROOFS_BY_PREFIX)
      const sample = db.prepare('SELECT proof_account FROM proofs WHERE id = ?')
      const prng = createPrng(7)
      const keys = Array.from({ length: 2_000 }, () => (sample.get(prng.int(1, ctx.sizes.cacheRows)) as { proof_account: string }).proof_account)
      const search = (prefix: string) => {
        const rows = query.all(prefix, prefixEnd(prefix), MATCHES) as { record: string }[]
        return rows.map((row) => JSON.parse(row.record) as { proofAccount: string })
      }
      // Sanity: a whole key finds its own record.
      if (search(keys[0] as string)[0]?.proofAccount !== keys[0]) throw new Error('a search for a whole key did not find it')
      for (const prefix of prefixesOf(keys, 50, 1)) search(prefix)

      const p50: number[] = []
      const p99: number[] = []
      for (let run = 0; run < ctx.sizes.runs; run++) {
        const times = prefixesOf(keys, ctx.sizes.searchQueries, 100 + run).map((prefix) => {
          const startedAt = performance.now()
          search(prefix)
          return performance.now() - startedAt
        })
        p50.push(percentile(times, 50))
        p99.push(percentile(times, 99))
      }
      const note = `${ctx.sizes.cacheRows.toLocaleString('en-US')} rows, ${ctx.sizes.searchQueries} prefixes a run; placeholder schema and query`
      return [
        measured({ id: 'search.p50', figure: 'search by prefix, p50', unit: 'ms', note }, p50),
        measured({ id: 'search.p99', figure: 'search by prefix, p99', unit: 'ms', target: { atMost: 50, text: '< 50 ms' }, note }, p99),
      ]
    } finally {
      db.close()
    }
  },
}
