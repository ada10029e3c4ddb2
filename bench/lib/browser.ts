/**
 * What the renderer benchmarks need: the app built, serve mode running
 * against a given indexer, and headless Chromium with the same flags as the
 * end-to-end tests. Nothing leaves 127.0.0.1.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { CHROMIUM, launchHeadlessChromium } from '../../test/support/chromium'
import type { IndexerChildArgs, IndexerReady } from '../children/indexer'
import type { BenchContext } from './context'
import { forkChild, profilingFlags, spawnUntilLine, type ForkedChild, type StartedProcess } from './processes'

const SERVE_LINE = /ProofWatch serving at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/

/** Why the renderer benchmarks cannot run here, or null. */
export function browserMissing(): string | null {
  return existsSync(CHROMIUM) ? null : `Chromium not found at ${CHROMIUM} (apt-get install chromium, or set PROOFWATCH_CHROMIUM)`
}

let built = false

/** Builds main, preload and renderer if the sources are newer than out/ (the same check as npm start). */
export function ensureAppBuilt(ctx: BenchContext): void {
  if (built || !ctx.buildApp) return
  const result = spawnSync(
    process.execPath,
    ['--input-type=module', '-e', "const m = await import('./scripts/build-if-needed.mjs'); m.buildIfNeeded()"],
    // The build's own output goes to stderr with the progress log: stdout carries the table.
    { cwd: ctx.root, stdio: ['ignore', 2, 2] },
  )
  if (result.status !== 0) throw new Error(`the app build failed (exit ${result.status}); see the output above`)
  built = true
}

export async function launchChromium(): Promise<Browser> {
  return launchHeadlessChromium()
}

export interface ServeMode extends StartedProcess {
  url: string
}

/** Serve mode (out/main/serve.js) on a free port, against `indexer`, with a fresh data directory unless one is given. */
export async function startServeMode(ctx: BenchContext, indexer: { httpUrl: string; wsUrl: string }, dataDir = mkdtempSync(join(ctx.workDir, 'serve-'))): Promise<ServeMode> {
  ensureAppBuilt(ctx)
  const started = await spawnUntilLine(
    process.execPath,
    [...profilingFlags(), resolve(ctx.root, 'out/main/serve.js'), '--indexer', indexer.httpUrl, '--ws', indexer.wsUrl, '--port', '0'],
    SERVE_LINE,
    { cwd: ctx.root, env: { PROOFWATCH_DATA_DIR: dataDir } },
  )
  return { ...started, url: started.match[1] as string }
}

export interface ServedPage {
  indexer: ForkedChild<IndexerReady>
  serve: ServeMode
  page: Page
}

/**
 * An indexer child, serve mode against it and a Chromium page (1280×800, page
 * errors logged), for `run`; all three are stopped afterwards, whatever `run` did.
 */
export async function withServedPage<T>(ctx: BenchContext, indexerArgs: IndexerChildArgs, run: (served: ServedPage) => Promise<T>): Promise<T> {
  const indexer = await forkChild<IndexerReady>(ctx.benchDir, 'indexer', indexerArgs)
  const cleanups: (() => Promise<unknown>)[] = [() => indexer.stop()]
  try {
    const serve = await startServeMode(ctx, indexer.ready)
    cleanups.unshift(() => serve.stop())
    const browser = await launchChromium()
    cleanups.unshift(() => browser.close())
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
    page.on('pageerror', (error) => ctx.log(`  page error: ${error.message}`))
    return await run({ indexer, serve, page })
  } finally {
    for (const cleanup of cleanups) await cleanup().catch(() => undefined)
  }
}
