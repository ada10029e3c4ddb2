/**
 * Search on the 1,000,000-row history cache through the store's own search
 * (IndexerHistory.search: signatures, proof accounts and addresses by
 * prefix, circuits, notifications by full text, five hits of each): a person
 * types the start of a key (3 to 8 characters of real proof accounts,
 * signatures and addresses); p50 and p99. Words (what the notification
 * centre's full-text search is for) side by side.
 */
import { DatabaseSync } from 'node:sqlite'
import { performance } from 'node:perf_hooks'
import { HistoryCache } from '../../src/main/core/history/history-cache'
import { indexerKey } from '../../src/main/core/indexer/url'
import { createPrng } from '../../src/main/demo/prng'
import type { Benchmark } from '../lib/benchmark'
import type { BenchContext } from '../lib/context'
import { measured, type Figure } from '../lib/figures'
import { FIXTURE_INDEXER_URL } from '../lib/history-fixture'
import { prefixesOf } from '../lib/records'
import { percentile } from '../lib/stats'

/** What people type into a search box that is not a key: words of the notification entries. */
const WORDS = ['new', 'transaction', 'failed', 'new transaction', 'trans']

/** Real keys of the cache: proof accounts, signatures and addresses, a third each. */
function sampleKeys(path: string, count: number): string[] {
  const db = new DatabaseSync(path, { readOnly: true })
  try {
    const prng = createPrng(7)
    const pick = (sql: string, table: string): string[] => {
      const { last } = db.prepare(`SELECT max(id) AS last FROM ${table}`).get() as { last: number }
      const statement = db.prepare(sql)
      return Array.from({ length: Math.ceil(count / 3) }, () => (statement.get(prng.int(1, last)) as { key: string } | undefined)?.key).filter(
        (key): key is string => key !== undefined,
      )
    }
    return [
      ...pick('SELECT proof_account AS key FROM proofs WHERE id >= ? ORDER BY id LIMIT 1', 'proofs'),
      ...pick('SELECT signature AS key FROM transactions WHERE id >= ? ORDER BY id LIMIT 1', 'transactions'),
      ...pick('SELECT authority AS key FROM proofs WHERE id >= ? ORDER BY id LIMIT 1', 'proofs'),
    ]
  } finally {
    db.close()
  }
}

export const searchByPrefix: Benchmark = {
  name: 'search',
  title: 'Search on the history cache',
  async run(ctx: BenchContext): Promise<Figure[]> {
    const path = ctx.fixtures.cacheFile()
    const keys = sampleKeys(path, 3_000)
    const store = HistoryCache.open({ path })
    try {
      const history = store.forIndexer(indexerKey(FIXTURE_INDEXER_URL))
      const search = (text: string) => history.search(text)
      // Sanity: a whole key finds itself.
      for (const key of [keys[0], keys[keys.length - 1]] as string[]) {
        if (!(await search(key)).some((hit) => hit.id === key)) throw new Error(`a search for the whole key ${key} did not find it`)
      }
      for (const prefix of prefixesOf(keys, 50, 1)) await search(prefix)

      const timed = async (texts: readonly string[]) => {
        const times: number[] = []
        for (const text of texts) {
          const startedAt = performance.now()
          await search(text)
          times.push(performance.now() - startedAt)
        }
        return times
      }
      const p50: number[] = []
      const p99: number[] = []
      const words: number[] = []
      for (let run = 0; run < ctx.sizes.runs; run++) {
        const times = await timed(prefixesOf(keys, ctx.sizes.searchQueries, 100 + run))
        p50.push(percentile(times, 50))
        p99.push(percentile(times, 99))
        words.push(Math.max(...(await timed(WORDS))))
      }
      const note = `${ctx.sizes.cacheRows.toLocaleString('en-US')}-row cache, ${ctx.sizes.searchQueries} prefixes of keys a run; IndexerHistory.search`
      return [
        measured({ id: 'search.p50', figure: 'search by prefix, p50', unit: 'ms', note }, p50),
        measured({ id: 'search.p99', figure: 'search by prefix, p99', unit: 'ms', target: { atMost: 50, text: '< 50 ms' }, note }, p99),
        measured(
          {
            id: 'search.words-max',
            figure: 'search by words, slowest',
            unit: 'ms',
            target: { atMost: 20, text: '< 20 ms' },
            note: `slowest of ${WORDS.map((word) => `"${word}"`).join(', ')}: words of most notification entries`,
          },
          words,
        ),
      ]
    } finally {
      await store.close()
    }
  },
}
