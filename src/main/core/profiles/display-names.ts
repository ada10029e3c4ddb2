/**
 * Public display names of addresses (GET /api/users/:pubkey), kept in the
 * cache's per-indexer metadata and asked again at most once a day: a name
 * changes rarely, and every address page would otherwise cost a request.
 * Offline, or when the indexer fails, the name last read is answered.
 */
import { toErrorInfo } from '@shared/errors'
import type { DisplayName, PublicProfile } from '@shared/profiles'
import type { IndexerHistory } from '../history/indexer-history'
import { requirePubkey } from '../indexer/arguments'

export const DISPLAY_NAME_MAX_AGE_MS = 24 * 60 * 60_000
const METADATA_KEY = 'displayNames'

interface Held {
  name: string | null
  readAt: number
}

export interface DisplayNamesOptions {
  client: { publicProfile(pubkey: string): Promise<PublicProfile> }
  history: Pick<IndexerHistory, 'metadata' | 'updateMetadata'>
  clock?: () => number
}

export class DisplayNames {
  private readonly asking = new Map<string, Promise<DisplayName>>()

  constructor(private readonly options: DisplayNamesOptions) {}

  /** The address's name: from the cache when read within a day, else from the indexer. */
  async get(pubkey: string): Promise<DisplayName> {
    const checked = requirePubkey(pubkey, 'The address')
    const held = this.held(checked)
    const now = this.now()
    if (held !== null && now - held.readAt >= 0 && now - held.readAt < DISPLAY_NAME_MAX_AGE_MS) {
      return { pubkey: checked, displayName: held.name, readAt: held.readAt }
    }
    let asked = this.asking.get(checked)
    if (asked === undefined) {
      asked = this.ask(checked, held).finally(() => this.asking.delete(checked))
      this.asking.set(checked, asked)
    }
    return asked
  }

  private async ask(pubkey: string, held: Held | null): Promise<DisplayName> {
    let name: string | null
    try {
      name = (await this.options.client.publicProfile(pubkey)).displayName
    } catch (error) {
      // No such user (or no profiles on this indexer): that is an answer, kept for a day like a name.
      if (toErrorInfo(error).status !== 404) return { pubkey, displayName: held?.name ?? null, readAt: held?.readAt ?? null }
      name = null
    }
    const readAt = this.now()
    this.options.history.updateMetadata({ [METADATA_KEY]: { [pubkey]: { name, readAt } } })
    return { pubkey, displayName: name, readAt }
  }

  private held(pubkey: string): Held | null {
    const all = this.options.history.metadata()[METADATA_KEY]
    if (typeof all !== 'object' || all === null) return null
    const entry = (all as Record<string, unknown>)[pubkey]
    if (typeof entry !== 'object' || entry === null) return null
    const { name, readAt } = entry as Record<string, unknown>
    if (typeof readAt !== 'number' || (name !== null && typeof name !== 'string')) return null
    return { name, readAt }
  }

  private now(): number {
    return (this.options.clock ?? Date.now)()
  }
}
