/** Temporary directories for cache files, removed after each test. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach } from 'vitest'
import { HistoryCache, type HistoryCacheOptions } from '../../src/main/core/history/history-cache'

const dirs: string[] = []
const stores: HistoryCache[] = []

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'proofwatch-history-'))
  dirs.push(dir)
  return dir
}

/** A store on a file in a fresh temporary directory; closed after the test. */
export function openStore(options: Partial<HistoryCacheOptions> & { dir?: string } = {}): HistoryCache {
  const dir = options.dir ?? tempDir()
  const store = HistoryCache.open({ busyTimeoutMs: 50, ...options, path: options.path ?? join(dir, 'history.sqlite') })
  stores.push(store)
  return store
}
