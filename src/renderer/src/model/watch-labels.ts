import type { WatchedAddress } from '@shared/watchlist'

export interface WatchLabels {
  /** The user's own label for the address. */
  label: string | null
  /** Its label in the account's watchlist, when that says something the local one does not. */
  accountLabel: string | null
}

/** What a watched address is called, here and in the account; both null for an address not watched. */
export function watchLabelsOf(watched: WatchedAddress | null | undefined): WatchLabels {
  const label = nonEmpty(watched?.label)
  const account = nonEmpty(watched?.accountLabel)
  return { label, accountLabel: account !== null && account !== label ? account : null }
}

function nonEmpty(text: string | null | undefined): string | null {
  return text === null || text === undefined || text.trim() === '' ? null : text
}
