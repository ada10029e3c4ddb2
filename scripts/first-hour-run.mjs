// npm run first-hour-run -- [--minutes 15]
//
// A new user's first quarter hour, for real and in real time: the built demo
// indexer in its default (reference-like) mode, serve mode signed in with the
// demo credential and watching the busiest prover, two pages open in
// Chromium. Each minute it reads the notification centre's entries (the
// cache), the unread count both pages show, and the toasts page one showed.
// Then serve mode is stopped and started again on the same data folder, and
// what the centre held (entries and their read state) and the sign-in are
// compared. Prints a table and a verdict; exits 1 when the pages disagreed or
// anything was forgotten.
import { spawn } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { chromium } from 'playwright-core'
import { buildIfNeeded } from './build-if-needed.mjs'

const root = resolve(import.meta.dirname, '..')
const minutesArg = process.argv.indexOf('--minutes')
const MINUTES = minutesArg > 0 ? Number(process.argv[minutesArg + 1]) : 15
if (!Number.isFinite(MINUTES) || MINUTES <= 0) throw new Error(`--minutes wants a number above 0, got ${process.argv[minutesArg + 1]}`)
const CHROMIUM = process.env.PROOFWATCH_CHROMIUM ?? '/usr/bin/chromium'
const SERVE_LINE = /ProofWatch serving at (http:\/\/127\.0\.0\.1:\d+\/\?token=\S+)/

const sleep = (ms) => new Promise((done) => setTimeout(done, ms))

/** Starts out/main/<entry> and resolves with its output once every pattern has matched. */
function start(entry, args, patterns, env = {}) {
  const child = spawn(process.execPath, [join(root, 'out/main', entry), ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  return new Promise((resolveStart, reject) => {
    const timer = setTimeout(() => reject(new Error(`${entry} did not start within 60 s:\n${output}`)), 60_000)
    const onData = (chunk) => {
      output += chunk
      if (patterns.every((pattern) => pattern.test(output))) {
        clearTimeout(timer)
        resolveStart({ child, output, match: (pattern) => pattern.exec(output) })
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    child.once('exit', (code) => reject(new Error(`${entry} exited (${code}) before it was ready:\n${output}`)))
  })
}

function stop(child) {
  return new Promise((done) => {
    if (child.exitCode !== null) return done()
    child.once('exit', () => done())
    child.kill('SIGTERM')
  })
}

/** The centre as the cache holds it: each entry's id and whether it is read. */
function centre(dataDir) {
  const db = new DatabaseSync(join(dataDir, 'history.sqlite'), { readOnly: true })
  try {
    return new Map(db.prepare('SELECT notification_id AS id, read FROM notifications').all().map((row) => [row.id, row.read === 1]))
  } finally {
    db.close()
  }
}

async function unreadShown(page) {
  const badge = page.getByTestId('nav-notifications-unread')
  if ((await badge.count()) === 0) return 0
  return Number(((await badge.textContent()) ?? '').replace(/\D/g, '')) || 0
}

/** Both pages once they agree (the read state reaches each page by its own socket), or as they are after 10 s. */
async function unreadInBoth(pages) {
  let counts = []
  for (let attempt = 0; attempt < 20; attempt++) {
    counts = await Promise.all(pages.map(unreadShown))
    if (counts.every((count) => count === counts[0])) break
    await sleep(500)
  }
  return counts
}

buildIfNeeded()
const demo = await start('demo-indexer.js', ['--port', '0', '--seed', '23'], [/Demo indexer listening: (http:\S+)/, /credential: cookie (\S+)=(\S+)\)/, /Demo wallet: (\S+)/])
const httpUrl = demo.match(/Demo indexer listening: (http:\S+)/)[1]
const [, cookieName, credential] = demo.match(/credential: cookie (\S+)=(\S+)\)/)
const wallet = demo.match(/Demo wallet: (\S+)/)[1]
const { leaderboard } = await (await fetch(`${httpUrl}/api/stats/leaderboard?limit=1`)).json()
const busiest = leaderboard[0].pubkey

const dataDir = mkdtempSync(join(tmpdir(), 'proofwatch-first-hour-run-'))
const serveArgs = ['--indexer', httpUrl, '--port', '0', '--wallet', wallet, '--watch', busiest]
const serveEnv = { PROOFWATCH_DATA_DIR: dataDir, PROOFWATCH_CREDENTIAL: `cookie:${cookieName}=${credential}` }
let serve = await start('serve.js', serveArgs, [SERVE_LINE], serveEnv)
const browser = await chromium.launch({
  executablePath: CHROMIUM,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
})
const failures = []
try {
  const open = async (url) => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
    await page.addInitScript(() => {
      window.__toasts = 0
      new MutationObserver((records) => {
        for (const record of records) for (const node of record.addedNodes) if (node instanceof HTMLElement && node.dataset.testid === 'notice-toast') window.__toasts++
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto(url)
    await page.getByTestId('nav-notifications').waitFor({ timeout: 30_000 })
    return page
  }
  const url = serve.match(SERVE_LINE)[1]
  const pages = [await open(url), await open(url)]
  console.log(`demo ${httpUrl}, signed in as the demo wallet ${wallet}, watching the busiest prover ${busiest}; ${MINUTES} minutes`)
  console.log('minute  centre entries  new  unread (page 1 / page 2)  toasts  agree')
  let previous = centre(dataDir).size
  for (let minute = 1; minute <= MINUTES; minute++) {
    await sleep(60_000)
    const entries = centre(dataDir).size
    const unread = await unreadInBoth(pages)
    const toasts = await pages[0].evaluate(() => window.__toasts)
    const agree = unread[0] === unread[1]
    if (!agree) failures.push(`minute ${minute}: the pages showed ${unread[0]} and ${unread[1]} unread`)
    console.log(`${String(minute).padStart(6)}  ${String(entries).padStart(14)}  ${String(entries - previous).padStart(3)}  ${`${unread[0]} / ${unread[1]}`.padStart(24)}  ${String(toasts).padStart(6)}  ${agree ? 'yes' : 'NO'}`)
    previous = entries
  }

  // "Mark all read" in page one: page two shows it too, and the cache keeps it.
  await pages[0].getByTestId('nav-notifications').click()
  await pages[0].getByTestId('notifications-mark-all').click()
  const afterMark = await unreadInBoth(pages)
  console.log(`after "Mark all read" in page 1: unread ${afterMark[0]} / ${afterMark[1]}`)
  if (afterMark[0] !== afterMark[1]) failures.push(`after "Mark all read" the pages showed ${afterMark[0]} and ${afterMark[1]} unread`)

  const before = centre(dataDir)
  await stop(serve.child)
  serve = await start('serve.js', serveArgs, [SERVE_LINE], serveEnv)
  const again = await open(serve.match(SERVE_LINE)[1])
  await sleep(5_000)
  const after = centre(dataDir)
  const lost = [...before.keys()].filter((id) => !after.has(id))
  const unread = [...before].filter(([id, read]) => read && after.get(id) === false)
  const signedIn = (await again.getByTestId('nav-notifications').count()) > 0 && (await again.getByTestId('signed-out-banner').count()) === 0
  console.log(
    `restart on the same data folder: ${before.size} entries before, ${after.size} after; ${lost.length} lost, ${unread.length} read ones unread again; ` +
      `signed in: ${signedIn ? 'yes' : 'NO'}; unread shown ${await unreadShown(again)}`,
  )
  if (lost.length > 0) failures.push(`${lost.length} entries were lost at the restart`)
  if (unread.length > 0) failures.push(`${unread.length} read entries were unread after the restart`)
  if (!signedIn) failures.push('the sign-in was not kept across the restart')
} finally {
  await browser.close()
  await stop(serve.child)
  await stop(demo.child)
}
console.log(failures.length === 0 ? 'verdict: the pages agreed every minute and nothing was forgotten' : `verdict: FAILED\n- ${failures.join('\n- ')}`)
process.exitCode = failures.length === 0 ? 0 : 1
