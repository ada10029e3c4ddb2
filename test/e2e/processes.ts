import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { launchBrowser } from './browser'

const root = resolve(import.meta.dirname, '../..')

export interface Started {
  child: ChildProcess
  /** The first captured group of the line that announced readiness. */
  match: RegExpMatchArray
  output: () => string
  stop: () => Promise<void>
}

/** Runs a built entry of out/main with this Node and waits for the line that says it is ready. */
export function startBuilt(entry: string, args: string[], ready: RegExp, env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [resolve(root, 'out/main', entry), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const stop = () =>
    new Promise<void>((done) => {
      if (child.exitCode !== null || child.signalCode !== null) return done()
      child.once('exit', () => done())
      child.kill('SIGTERM')
      setTimeout(() => child.kill('SIGKILL'), 3000).unref()
    })
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start:\n${output}`)), 30_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = output.match(ready)
      if (match) {
        clearTimeout(timer)
        resolvePromise({ child, match, output: () => output, stop })
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${entry} exited with ${code}:\n${output}`))
    })
  })
}

/** The line serve mode prints once it listens; its group is the page's address with the session token. */
export const SERVE_LINE = /ProofWatch serving at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/

export interface ServedPage {
  serve: Started
  browser: Browser
  page: Page
  /** The page's address with its token. */
  baseUrl: string
  /** Serve's data folder. */
  dataDir: string
  /** Closes the browser, then stops serve. */
  stop(): Promise<void>
}

export interface ServedPageOptions {
  /** More of serve's environment (a credential, an empty indexer URL). */
  env?: Record<string, string>
  /** 1280×900 unless said. */
  viewport?: { width: number; height: number }
  locale?: string
  /** Where the page's errors go (a test that asserts there are none); the console unless said. */
  errors?: string[]
  /** Run in the page before its own scripts (a stand-in wallet). */
  initScript?: Parameters<BrowserContext['addInitScript']>[0]
}

/** Built serve mode on a fresh data folder, and a Chromium page (not yet navigated) that reports its errors. */
export async function startServeWithPage(args: string[], dataDirPrefix: string, options: ServedPageOptions = {}): Promise<ServedPage> {
  const dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix))
  const serve = await startBuilt('serve.js', args, SERVE_LINE, { PROOFWATCH_DATA_DIR: dataDir, ...options.env })
  const browser = await launchBrowser()
  const context = await browser.newContext({ viewport: options.viewport ?? { width: 1280, height: 900 }, ...(options.locale ? { locale: options.locale } : {}) })
  if (options.initScript) await context.addInitScript(options.initScript)
  const page = await context.newPage()
  const errors = options.errors
  page.on('pageerror', (error) => (errors ? errors.push(error.message) : console.error('page error:', error.message)))
  const stop = async () => {
    await browser.close()
    await serve.stop()
  }
  return { serve, browser, page, baseUrl: serve.match[1]!, dataDir, stop }
}

/** What an e2e suite started, stopped or closed in the order given (a page's serve before the indexer it reads); a part never started is passed over. */
export async function stopInOrder(...parts: Array<{ stop(): Promise<unknown> } | { close(): Promise<unknown> } | null | undefined>): Promise<void> {
  for (const part of parts) {
    if (!part) continue
    await ('stop' in part ? part.stop() : part.close())
  }
}
