/**
 * What a native notification may say under the user's privacy setting
 * (NotificationRules.privacy), applied once, just before a pop-up leaves the
 * core, and to the tray's recent events: lock screens and shared screens show
 * no more than chosen. The notification centre is not touched.
 */
import type { NotificationPrivacy } from './notification-rules'
import { shortId } from './ids'
import type { Watchlist } from './watchlist'

export const SOMETHING_HAPPENED = { title: 'ProofWatch', body: 'Something happened — open ProofWatch to see it' } as const

/** What stands for a watched address's key, label or name. */
export const HIDDEN_ADDRESS = 'a watched address'
/** What stands for any other key or signature (a proof account, a transaction, an unwatched address). */
export const HIDDEN_KEY = '(hidden)'

/** A base58 run as long as a key or a signature, or a shortened one ("AbCd…WxYz"). */
const KEY_LIKE = /[1-9A-HJ-NP-Za-km-z]{32,}|[1-9A-HJ-NP-Za-km-z]{2,8}…[1-9A-HJ-NP-Za-km-z]{2,8}/g

/** A watched address as notifications may name it. */
export interface NamedAddress {
  pubkey: string
  /** Its labels and display names, any that are set. */
  names: ReadonlyArray<string | null | undefined>
}

/** Every way a pop-up may name the addresses: each key, its shortened form and its names, longest first. */
export function addressWords(addresses: readonly NamedAddress[]): string[] {
  const words = new Set<string>()
  for (const address of addresses) {
    for (const word of [address.pubkey, shortId(address.pubkey), ...address.names]) {
      const trimmed = word?.trim()
      if (trimmed) words.add(trimmed)
    }
  }
  return longestFirst(words)
}

/** Distinct words, the longest first, so that a name inside a longer one does not cut it apart. */
export function longestFirst(words: Iterable<string>): string[] {
  return [...new Set(words)].sort((a, b) => b.length - a.length)
}

/** The watched addresses' words (keys, short keys, labels here and in the account). */
export function watchlistWords(watchlist: Pick<Watchlist, 'addresses'>): string[] {
  return addressWords(watchlist.addresses.map((a) => ({ pubkey: a.pubkey, names: [a.label, a.accountLabel] })))
}

function hideAddresses(text: string, words: readonly string[]): string {
  let out = text
  for (const word of words) out = out.split(word).join(HIDDEN_ADDRESS)
  return out.replace(KEY_LIKE, HIDDEN_KEY)
}

/** `notice` with its title, body and reason ("because you watch …") as `privacy` allows; `words` from addressWords. */
export function privateText<T extends { title: string; body: string; reason?: string }>(notice: T, privacy: NotificationPrivacy, words: readonly string[]): T {
  if (privacy === 'full') return notice
  if (privacy === 'nothing') {
    // The reason names the address and the rule: "Something happened" says neither.
    const { reason: _dropped, ...rest } = notice
    return { ...rest, ...SOMETHING_HAPPENED } as T
  }
  const hidden = { ...notice, title: hideAddresses(notice.title, words), body: hideAddresses(notice.body, words) }
  return notice.reason === undefined ? hidden : { ...hidden, reason: hideAddresses(notice.reason, words) }
}
