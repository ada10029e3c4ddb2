/**
 * The proofs list with a circuit and a state filter on any indexer. A
 * circuit is asked of /api/proofs/by-circuit/:id where the indexer has it
 * (it takes no other filter, so authority, type and state are applied here
 * on each page it sends); where it answers 404 the circuit filter runs on
 * the cache. The state filter is sent as `state` where the indexer was found
 * to honour it and applied here otherwise. Whatever was applied here is
 * named in the page's `localFilters`, so a view can say so.
 */
import type { Page, Proof, ProofQuery, ProofState } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { IndexerClient } from '../indexer/client'
import type { IndexerHistory, Stored } from './indexer-history'
import { encodeCursor } from './local-filter'

/** Pages read from the indexer for one answer when filters are applied here (room left under its rate limit). */
export const MAX_INDEXER_SCAN_PAGES = 5
/** Pages read from the cache for one answer when the state filter is applied to it. */
export const MAX_CACHE_SCAN_PAGES = 50
/** Proofs asked for to learn whether the indexer honours `state`. */
const STATE_PROBE_LIMIT = 20

export type ProofFilterName = 'authority' | 'type' | 'circuit' | 'state' | 'date'

/** What one indexer was found to offer; unset until asked. */
export interface ProofListingAbilities {
  byCircuit?: boolean
  state?: 'server' | 'local'
}

export function matchesState(proof: Pick<Proof, 'verified' | 'revoked'>, state: ProofState): boolean {
  return state === 'revoked' ? proof.revoked === true : proof.revoked !== true && proof.verified === true
}

/** The filters a query sets, by name. */
export function filtersOf(query: ProofQuery): ProofFilterName[] {
  const names: ProofFilterName[] = []
  if (query.authority?.trim()) names.push('authority')
  if (query.type?.trim()) names.push('type')
  if (query.circuitId?.trim()) names.push('circuit')
  if (query.state !== undefined) names.push('state')
  if (query.fromDate || query.toDate) names.push('date')
  return names
}

/** Epoch ms of the query's date bounds (NaN bounds are left out: the client and cache refuse them first). */
function dateRange(query: ProofQuery): { from: number | null; to: number | null } {
  const from = query.fromDate ? Date.parse(query.fromDate) : NaN
  const to = query.toDate ? Date.parse(query.toDate) : NaN
  return { from: Number.isNaN(from) ? null : from, to: Number.isNaN(to) ? null : to }
}

/** Whether a proof passes every filter of `query` (what the server's filters mean, checked here). */
export function proofMatches(query: ProofQuery, proof: Proof): boolean {
  const authority = query.authority?.trim()
  if (authority && proof.authority !== authority) return false
  const type = query.type?.trim().toUpperCase()
  if (type && proof.proofType?.toUpperCase() !== type) return false
  const circuitId = query.circuitId?.trim()
  if (circuitId && proof.circuitId !== circuitId) return false
  if (query.state !== undefined && !matchesState(proof, query.state)) return false
  const { from, to } = dateRange(query)
  if (from === null && to === null) return true
  // A proof with no verification time is in no date range, as a transaction without a block time.
  if (proof.verifiedAt === null) return false
  return (from === null || proof.verifiedAt >= from) && (to === null || proof.verifiedAt <= to)
}

type PageReader = (cursor: string | undefined) => Promise<Page<Proof>>

/**
 * Reads pages from `cursor` on, keeping the proofs that pass, until `want`
 * are kept, the list ends, or `maxPages` were read; the cursor goes on from
 * the last page read. A cursor that comes back again ends the list.
 */
export async function scanPages(
  read: PageReader,
  keep: (proof: Proof) => boolean,
  cursor: string | undefined,
  want: number,
  maxPages: number,
  /** Whether a proof is older than anything wanted: lists are newest first, so a page ending on one ends the scan. */
  beyond: (proof: Proof) => boolean = () => false,
): Promise<Page<Proof>> {
  const items: Proof[] = []
  const seen = new Set<string>()
  let next: string | null = cursor ?? null
  for (let pages = 0; pages < maxPages; pages++) {
    const page = await read(next ?? undefined)
    items.push(...page.items.filter(keep))
    next = page.nextCursor
    const last = page.items.at(-1)
    if (next === null || last === undefined || seen.has(next) || beyond(last)) {
      next = null
      break
    }
    seen.add(next)
    if (items.length >= want) break
  }
  return { items, nextCursor: next, total: null }
}

function isRouteMissing(error: unknown): boolean {
  const info = toErrorInfo(error)
  return info.status === 404
}

export class ProofListing {
  readonly abilities: ProofListingAbilities = {}

  constructor(
    private readonly client: IndexerClient,
    private readonly history: IndexerHistory,
  ) {}

  /**
   * The indexer's answer, filters it lacks applied here. Null when it has no
   * by-circuit list for a circuit filter: then the cache answers.
   */
  async fromIndexer(query: ProofQuery): Promise<Page<Proof> | null> {
    const { circuitId, state, cursor, limit, fromDate: _from, toDate: _to, ...rest } = query
    const want = limit ?? 50
    const keep = (proof: Proof): boolean => proofMatches(query, proof)
    const { from } = dateRange(query)
    const beyond = (proof: Proof): boolean => from !== null && proof.verifiedAt !== null && proof.verifiedAt < from
    const scan = (read: PageReader) => scanPages(read, keep, cursor, want, MAX_INDEXER_SCAN_PAGES, beyond)
    const dated: ProofFilterName[] = filtersOf(query).includes('date') ? ['date'] : []
    if (circuitId !== undefined && circuitId.trim() !== '') {
      if (this.abilities.byCircuit === false) return null
      const read: PageReader = (at) => this.recorded(() => this.client.proofsByCircuit(circuitId, { cursor: at, limit }))
      const local = filtersOf(query).filter((name) => name !== 'circuit')
      let page: Page<Proof>
      try {
        page = local.length === 0 ? await read(cursor) : await scan(read)
      } catch (error) {
        if (!isRouteMissing(error) || this.abilities.byCircuit === true) throw error
        this.abilities.byCircuit = false
        return null
      }
      this.abilities.byCircuit = true
      return local.length === 0 ? page : { ...page, localFilters: local }
    }
    const serverState = state !== undefined && (await this.stateSupport()) === 'server'
    const read: PageReader = (at) => this.recorded(() => this.client.proofs({ ...rest, ...(serverState ? { state } : {}), cursor: at, limit }))
    const local: ProofFilterName[] = [...(state !== undefined && !serverState ? (['state'] as const) : []), ...dated]
    if (local.length > 0) return { ...(await scan(read)), localFilters: local }
    const page = await read(cursor)
    const kept = page.items.filter(keep)
    if (kept.length === page.items.length) return page
    // An indexer that was taken to filter by state sent others: from now on the state is checked here.
    if (serverState) this.abilities.state = 'local'
    return { ...page, items: kept, total: null, localFilters: filtersOf(query) }
  }

  /** The cache's answer; every filter is applied here. */
  fromCache(query: ProofQuery): Stored<Page<Proof>> {
    const { state, cursor, limit, ...rest } = query
    const local = filtersOf(query)
    if (state === undefined) {
      const stored = this.history.listProofs(query)
      return { data: local.length === 0 ? stored.data : { ...stored.data, localFilters: local }, storedAt: stored.storedAt }
    }
    const items: Proof[] = []
    const want = limit ?? 50
    let storedAt: number | null = null
    let next: string | null = cursor ?? null
    for (let pages = 0; pages < MAX_CACHE_SCAN_PAGES; pages++) {
      const stored = this.history.listProofs({ ...rest, ...(next === null ? {} : { cursor: next }), ...(limit === undefined ? {} : { limit }) })
      if (stored.storedAt !== null) storedAt = Math.max(storedAt ?? 0, stored.storedAt)
      items.push(...stored.data.items.filter((proof) => matchesState(proof, state)))
      next = stored.data.items.length === 0 ? null : stored.data.nextCursor
      if (next === null) break
      if (items.length >= want) {
        // The cache's cursors name a proof, so the page ends exactly at `want` and goes on after its last one.
        items.length = want
        next = encodeCursor((items[want - 1] as Proof).proofAccount)
        break
      }
    }
    return { data: { items, nextCursor: next, total: null, localFilters: local }, storedAt }
  }

  /** Whether the indexer honours `state`: asked once with `revoked`, which an indexer that ignores it answers with others. */
  private async stateSupport(): Promise<'server' | 'local'> {
    if (this.abilities.state !== undefined) return this.abilities.state
    const probe = await this.recorded(() => this.client.proofs({ state: 'revoked', limit: STATE_PROBE_LIMIT }))
    if (probe.items.some((proof) => !matchesState(proof, 'revoked'))) this.abilities.state = 'local'
    else if (probe.items.length > 0) this.abilities.state = 'server'
    // No proofs at all tells nothing: applied here this time, asked again next time.
    return this.abilities.state ?? 'local'
  }

  /** Every page read goes into the cache, kept or not: it is what the indexer holds. */
  private async recorded(read: () => Promise<Page<Proof>>): Promise<Page<Proof>> {
    const page = await read()
    try {
      this.history.recordProofs(page.items)
    } catch {
      // The answer stands even when the cache cannot take it (the store reports its own problems).
    }
    return page
  }
}
