/** Temporary directories for cache files, removed after each test. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { HistoryCache, type HistoryCacheOptions } from '../../src/main/core/history/history-cache'
import { afterThisTest } from './after-test'

export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'proofwatch-history-'))
  afterThisTest(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

/** A store on a file in a fresh temporary directory; closed after the test. */
export function openStore(options: Partial<HistoryCacheOptions> & { dir?: string } = {}): HistoryCache {
  const dir = options.dir ?? tempDir()
  const store = HistoryCache.open({ busyTimeoutMs: 50, ...options, path: options.path ?? join(dir, 'history.sqlite') })
  // Closed before its folder is removed: registered after it, run before it.
  afterThisTest(() => store.close())
  return store
}
