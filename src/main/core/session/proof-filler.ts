import type { Page, Proof } from '@shared/domain'
import { u64Order } from '@shared/u64-order'
import type { FetchJob, JobOutcome, WorkSource } from './background-fetcher'
import { INDEXER_PAGE_MAX } from '@shared/indexer-limits'
import { forgetOldest, keepNewest } from '@shared/forget-oldest'

/** What the filler needs of a proof seen on the socket. */
export interface SeenProof {
  proofAccount: string
  slot: string | null
}

export interface ProofFillerOptions {
  /** Fetches one full record over HTTP and keeps it in the cache. */
  fetch(proofAccount: string): Promise<unknown>
  /**
   * Fetches one page of the indexer's proof list (newest first, full records)
   * and keeps it in the cache. Without it every proof is fetched on its own.
   */
  fetchPage?(query: { limit: number; cursor?: string }): Promise<Page<Proof>>
  /** There is work: wakes the background fetcher that asks this source. */
  onWork(): void
  /** A fetch ended: proofs other work left to this filler may be held now. */
  onSettled?(): void
  /** Proof accounts waiting at most (per queue); beyond it the oldest wait for the next sighting. */
  maxQueued?: number
  /** How long the first proof seen waits for others before their page is asked. */
  gatherMs?: number
}

/** This many gathered proofs are asked at once, without waiting out the gathering. */
const GATHER_FULL = 100
/** Pages read past the newest when a page did not reach the oldest wanted (a flood, a long outage). */
const DEEPER_PAGES_MAX = 5
const GATHER_MS = 2_500

interface PageBatch {
  /** Wanted proof accounts, with their slots (null: unknown), newest last. */
  wanted: Map<string, bigint | null>
  cursor: string | undefined
  /** Pages read before this one in the same walk down the list. */
  depth: number
  limit: number
  page: Page<Proof> | null
}

/**
 * Proofs seen only on the live socket arrive as summaries: no state, no
 * circuit name, no signature, no public inputs. This is the queue that fills
 * each one in over HTTP within seconds, so no view or export keeps it
 * partial: newest first, each once, and kept while the indexer cannot be
 * reached. The background fetcher it feeds paces it (one budget with the
 * other background fetches) and asks it first.
 *
 * Socket proofs are the newest, and the proof list serves full records
 * newest first, so one request can fill many: the proofs seen are gathered
 * for a moment (a timer only while something is gathered), then one page of
 * the list sized to them is read. Those the page did not hold (a list that
 * lags the socket, an indexer without the list) are fetched one by one.
 */
export class ProofFiller implements WorkSource {
  /** Seen, waiting for the next page; oldest first. */
  private readonly gathering = new Map<string, bigint | null>()
  /** Waiting for a page further down the list than the newest. */
  private deeper: PageBatch | null = null
  /** Fetched one by one; oldest first. */
  private readonly single = new Set<string>()
  private readonly inFlight = new Set<string>()
  private readonly done = new Set<string>()
  private readonly batches = new Map<string, PageBatch>()
  private readonly maxQueued: number
  private readonly gatherMs: number
  private gatherTimer: ReturnType<typeof setTimeout> | null = null
  /** The gathering is over: the next job asks a page. */
  private gathered = false
  /** The indexer refused the list (no such route, a parameter refused, a body that does not decode). */
  private listRefused: boolean
  private batchSeq = 0
  private stopped = false

  constructor(private readonly options: ProofFillerOptions) {
    this.maxQueued = options.maxQueued ?? 1_000
    this.gatherMs = options.gatherMs ?? GATHER_MS
    this.listRefused = options.fetchPage === undefined
  }

  /** Proofs just seen as summaries. */
  add(proofs: Iterable<SeenProof>): void {
    if (this.stopped) return
    let added = false
    for (const { proofAccount, slot } of proofs) {
      if (this.done.has(proofAccount) || this.has(proofAccount)) continue
      added = true
      if (this.listRefused) {
        this.single.add(proofAccount)
        keepNewest(this.single, this.maxQueued)
      } else {
        this.gathering.set(proofAccount, u64Order(slot))
        keepNewest(this.gathering, this.maxQueued)
      }
    }
    if (!added) return
    if (this.gathering.size >= GATHER_FULL) this.endGathering()
    else if (this.gathering.size > 0 && !this.gathered && this.gatherTimer === null) {
      this.gatherTimer = setTimeout(() => {
        this.gatherTimer = null
        this.endGathering()
      }, this.gatherMs)
      this.gatherTimer.unref?.()
    }
    if (this.single.size > 0 || this.gathered) this.options.onWork()
  }

  /** Queued or being fetched here: other background work leaves it to this filler. */
  has(proofAccount: string): boolean {
    return (
      this.gathering.has(proofAccount) ||
      this.single.has(proofAccount) ||
      this.inFlight.has(proofAccount) ||
      this.deeper?.wanted.has(proofAccount) === true
    )
  }

  get pending(): number {
    return this.gathering.size + this.single.size + this.inFlight.size + (this.deeper?.wanted.size ?? 0)
  }

  next(): FetchJob | null {
    if (this.stopped) return null
    // Newest first: the page of what was just seen, then further down the list, then one by one.
    if (this.gathered && this.gathering.size > 0) return this.pageJob(this.takeGathered(), undefined, 0)
    if (this.deeper) {
      const { wanted, cursor, depth } = this.deeper
      this.deeper = null
      return this.pageJob(wanted, cursor, depth)
    }
    const account = [...this.single].at(-1)
    if (account === undefined) return null
    this.single.delete(account)
    this.inFlight.add(account)
    return {
      key: account,
      run: async () => {
        await this.options.fetch(account)
        return 'fetched'
      },
    }
  }

  settle(job: FetchJob, outcome: JobOutcome): void {
    const batch = this.batches.get(job.key)
    if (batch) {
      this.batches.delete(job.key)
      this.settlePage(batch, outcome)
    } else {
      this.inFlight.delete(job.key)
      if (outcome !== 'again') this.remember(job.key)
      else if (!this.stopped) this.single.add(job.key)
    }
    if (!this.stopped) this.options.onSettled?.()
  }

  stop(): void {
    this.stopped = true
    if (this.gatherTimer) clearTimeout(this.gatherTimer)
    this.gatherTimer = null
    this.gathering.clear()
    this.single.clear()
    this.deeper = null
  }

  private endGathering(): void {
    if (this.stopped || this.gathered) return
    if (this.gatherTimer) clearTimeout(this.gatherTimer)
    this.gatherTimer = null
    this.gathered = true
    this.options.onWork()
  }

  /** The newest gathered, as many as one page can be sure to hold. */
  private takeGathered(): Map<string, bigint | null> {
    const newest = [...this.gathering].slice(-(INDEXER_PAGE_MAX / 2))
    for (const [account] of newest) this.gathering.delete(account)
    // What is left (more than a page's worth) goes with the next page at once.
    if (this.gathering.size === 0) this.gathered = false
    return new Map(newest)
  }

  private pageJob(wanted: Map<string, bigint | null>, cursor: string | undefined, depth: number): FetchJob {
    for (const account of wanted.keys()) this.inFlight.add(account)
    // Proofs published while the page is asked come above the wanted ones: some room for them
    // (each record more is decoded and written; one pushed out is looked for on the next page).
    const limit = Math.min(INDEXER_PAGE_MAX, cursor === undefined ? wanted.size + Math.max(5, Math.ceil(wanted.size / 2)) : INDEXER_PAGE_MAX)
    const batch: PageBatch = { wanted, cursor, depth, limit, page: null }
    const key = `page:${++this.batchSeq}`
    this.batches.set(key, batch)
    const fetchPage = this.options.fetchPage!
    return {
      key,
      run: async () => {
        batch.page = await fetchPage(cursor === undefined ? { limit } : { limit, cursor })
        return 'fetched'
      },
    }
  }

  private settlePage(batch: PageBatch, outcome: JobOutcome): void {
    for (const account of batch.wanted.keys()) this.inFlight.delete(account)
    if (this.stopped) return
    if (outcome === 'again') {
      // Not reached: asked again as it was once the indexer answers.
      if (batch.cursor === undefined) this.regather(batch.wanted)
      else this.deeper = batch
      return
    }
    if (outcome === 'gone' || batch.page === null) {
      // The indexer refused the list: every proof is fetched on its own from now on.
      this.listRefused = true
      for (const account of [...batch.wanted.keys(), ...this.gathering.keys(), ...(this.deeper?.wanted.keys() ?? [])]) this.single.add(account)
      this.gathering.clear()
      this.deeper = null
      this.gathered = false
      if (this.gatherTimer) clearTimeout(this.gatherTimer)
      this.gatherTimer = null
      return
    }
    const page = batch.page
    const held = new Set(page.items.map((proof) => proof.proofAccount))
    // Newest first: the last slot known is the oldest the page reached.
    let reached: bigint | null = null
    for (const proof of page.items) reached = u64Order(proof.slotVerified) ?? reached
    const more = page.items.length >= batch.limit && page.nextCursor !== null
    const further = new Map<string, bigint | null>()
    for (const [account, slot] of batch.wanted) {
      if (held.has(account)) this.remember(account)
      else if (more && slot !== null && reached !== null && slot < reached && batch.depth < DEEPER_PAGES_MAX) further.set(account, slot)
      // Not where the list should hold it (it lags the socket, or lists it elsewhere): asked on its own.
      else this.single.add(account)
    }
    if (further.size > 0) {
      if (this.deeper === null) this.deeper = { wanted: further, cursor: page.nextCursor ?? undefined, depth: batch.depth + 1, limit: INDEXER_PAGE_MAX, page: null }
      else for (const account of further.keys()) this.single.add(account)
    }
    keepNewest(this.single, this.maxQueued)
  }

  private regather(wanted: Map<string, bigint | null>): void {
    // Older than anything gathered since: they go first in the map's order.
    const later = [...this.gathering]
    this.gathering.clear()
    for (const [account, slot] of [...wanted, ...later]) this.gathering.set(account, slot)
    keepNewest(this.gathering, this.maxQueued)
    if (this.gatherTimer) clearTimeout(this.gatherTimer)
    this.gatherTimer = null
    this.gathered = true
  }

  private remember(account: string): void {
    this.done.add(account)
    forgetOldest(this.done, 10_000)
  }
}
