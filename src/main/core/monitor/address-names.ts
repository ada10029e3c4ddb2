/**
 * How an address is named in a notification's words: its short key beside
 * its label (the account's where none here) or its display name on the
 * indexer. The names so told are remembered (bounded), because privacy's
 * "No addresses" must hide them as well as the watchlist's own labels.
 */
import { namedAddress } from '@shared/notification-text'
import type { WatchlistModel } from '../watchlist/watchlist-model'

/** Names kept for privacy's redaction: far more than the addresses notifications mention in a day. */
const NAMES_TOLD_KEPT = 500

export class AddressNames {
  /** Display names and labels that notification words held, newest last. */
  private readonly told = new Set<string>()

  constructor(
    private readonly watchlist: Pick<WatchlistModel, 'watchedAddress'>,
    /** The address's public display name on the connected indexer, when read. */
    private readonly displayName: (pubkey: string) => string | null,
  ) {}

  describe(pubkey: string): string {
    const held = this.watchlist.watchedAddress(pubkey)
    const name = [held?.label, held?.accountLabel].find((label) => label?.trim()) ?? this.displayName(pubkey)
    if (name !== null) this.remember(name)
    return namedAddress(pubkey, name)
  }

  /** The names describe() has put into notification words, newest last. */
  namesTold(): string[] {
    return [...this.told]
  }

  private remember(name: string): void {
    this.told.delete(name)
    this.told.add(name)
    if (this.told.size > NAMES_TOLD_KEPT) this.told.delete(this.told.values().next().value as string)
  }
}
