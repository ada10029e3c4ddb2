/// <reference lib="dom" />
/**
 * Event to screen, as the latency benchmark and its bare-relay baseline both
 * measure it: the indexer child notes when it handed each proof to its
 * sockets, a MutationObserver in the page notes when a row carrying that
 * proof's account was added to the DOM, and the two are compared on one
 * clock after measuring the offsets.
 */
import type { Page } from 'playwright-core'
import type { ForkedChild } from './processes'
import { sleep, wallNow } from './clock'
import type { IndexerReady } from '../children/indexer'

/** A page that shows pushed proofs as rows. */
export interface LiveView {
  /** In figure ids: latency.<key>.push-p99@1000. */
  key: string
  name: string
  /** Appended to the page's base URL. */
  hash: string
  /** A row of one proof. */
  row: string
  /** Shown once the view has loaded, with or without rows. */
  ready: string
}

/** In every view the row's first link carries the full proof account as its title. */
const ACCOUNT_OF_ROW = 'a[title]'

/** What watchRows leaves on the page's window. */
interface SeenRows {
  seenAt: Map<string, number>
}

/** Notes, in the page, when a row for each proof account first appears in the DOM. */
async function watchRows(page: Page, rowSelector: string): Promise<void> {
  await page.evaluate(
    ({ rowSelector, accountSelector }) => {
      const seenAt = new Map<string, number>()
      ;(window as unknown as SeenRows).seenAt = seenAt
      const note = (row: Element, at: number) => {
        const account = row.querySelector(accountSelector)?.getAttribute('title')
        if (account && !seenAt.has(account)) seenAt.set(account, at)
      }
      new MutationObserver((records) => {
        const at = performance.timeOrigin + performance.now()
        for (const record of records) {
          for (const node of record.addedNodes) {
            if (!(node instanceof Element)) continue
            if (node.matches(rowSelector)) note(node, at)
            for (const row of node.querySelectorAll(rowSelector)) note(row, at)
          }
        }
      }).observe(document.body, { childList: true, subtree: true })
    },
    { rowSelector, accountSelector: ACCOUNT_OF_ROW },
  )
}

function seenCount(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as SeenRows).seenAt.size)
}

/** Opens `view` and checks that a short burst puts rows on screen; false when it does not show pushed proofs. */
export async function openLiveView(page: Page, baseUrl: string, indexer: ForkedChild<IndexerReady>, view: LiveView): Promise<boolean> {
  await page.goto(baseUrl + view.hash)
  const ready = await page.waitForSelector(view.ready, { timeout: 20_000 }).then(
    () => true,
    () => false,
  )
  if (!ready) return false
  await watchRows(page, view.row)
  await indexer.channel.request('publishAtRate', { proofsPerSecond: 100, durationMs: 300 })
  let shown = 0
  const deadline = Date.now() + 3_000
  while (shown === 0 && Date.now() < deadline) {
    await sleep(50)
    shown = await seenCount(page)
  }
  await indexer.channel.request('takeSendTimes')
  return shown > 0
}

export interface ScreenWindow {
  /** [proofAccount, epoch ms on the indexer's clock] of every proof sent. */
  sent: [string, number][]
  /** proofAccount → epoch ms on the page's clock its row was first in the DOM. */
  seen: Map<string, number>
}

/**
 * Publishes at `rate` for `windowMs` with send times noted, waits for what is
 * still on its way (half a second, and `drain` given the last send), and
 * takes what was sent and what reached the page's DOM.
 */
export async function screenWindow(
  page: Page,
  indexer: ForkedChild<IndexerReady>,
  rate: number,
  windowMs: number,
  drain?: (lastSent: number) => Promise<unknown>,
): Promise<ScreenWindow> {
  await page.evaluate(() => (window as unknown as SeenRows).seenAt.clear())
  await indexer.channel.request('publishAtRate', { proofsPerSecond: rate, durationMs: windowMs, stamp: true })
  const lastSent = wallNow()
  // Whatever is still on its way reaches the screen well within half a second.
  await Promise.all([sleep(500), drain?.(lastSent)])
  const sent = await indexer.channel.request<[string, number][]>('takeSendTimes')
  const seen = new Map(await page.evaluate(() => [...(window as unknown as SeenRows).seenAt]))
  return { sent, seen }
}

/** Milliseconds from send to screen of each proof that reached it, both clocks brought to ours by their offsets. */
export function sentToScreen(window: ScreenWindow, offsets: { page: number; indexer: number }): number[] {
  const latencies: number[] = []
  for (const [account, sentAt] of window.sent) {
    const onScreen = window.seen.get(account)
    if (onScreen !== undefined) latencies.push(onScreen - offsets.page - (sentAt - offsets.indexer))
  }
  return latencies
}
