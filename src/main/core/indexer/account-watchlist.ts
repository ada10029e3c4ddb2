/**
 * The signed-in user's watchlist on the indexer (`/api/users/me/watched`,
 * docs/wire.md, Accounts): list, add and delete, with the session cookie the
 * other requests carry. An add of an address already there is a 409
 * CONFLICT, which `isAlreadyWatched` tells apart; a delete of an entry
 * already gone is done.
 */
import { ProofWatchError } from '@shared/errors'
import { ACCOUNT_LABEL_LENGTH, type AccountWatchedAddress } from '@shared/watchlist'
import { PUBKEY_LENGTH, requireBase58, requireText } from './arguments'
import { decodeAccountWatched, decodeAccountWatchedList } from './decode'
import { requestJson, type RequestOptions } from './http'
import { buildUrl, normalizeBaseUrl } from './url'

export interface AccountWatchlistOptions {
  baseUrl: string
  /** The session's headers (cookie), asked at every request. */
  headers: () => Record<string, string>
  fetch?: typeof fetch
  retries?: number
  timeoutMs?: number
}

/** What the account watchlist needs of an indexer; the reconciler is tested against fakes of it. */
export interface AccountWatchlistSource {
  list(): Promise<AccountWatchedAddress[]>
  add(pubkey: string, label: string | null): Promise<AccountWatchedAddress>
  remove(id: string): Promise<void>
}

export class AccountWatchlist implements AccountWatchlistSource {
  private readonly baseUrl: string
  private readonly request: RequestOptions

  constructor(options: AccountWatchlistOptions) {
    this.baseUrl = normalizeBaseUrl(options.baseUrl)
    this.request = { headers: options.headers }
    if (options.fetch) this.request.fetch = options.fetch
    if (options.retries !== undefined) this.request.retries = options.retries
    if (options.timeoutMs !== undefined) this.request.timeoutMs = options.timeoutMs
  }

  async list(): Promise<AccountWatchedAddress[]> {
    const response = await requestJson(buildUrl(this.baseUrl, '/api/users/me/watched'), this.request)
    return decodeAccountWatchedList(response.body)
  }

  /** A label longer than the account keeps is cut to its 40 characters. */
  async add(pubkey: string, label: string | null): Promise<AccountWatchedAddress> {
    const address = requireBase58(pubkey, 'The watched address', PUBKEY_LENGTH)
    const cut = cutToAccountLabel(label)
    const body = cut === null ? { pubkey: address } : { pubkey: address, label: cut }
    const response = await requestJson(buildUrl(this.baseUrl, '/api/users/me/watched'), { ...this.request, method: 'POST', body })
    return decodeAccountWatched(response.body)
  }

  async remove(id: string): Promise<void> {
    const checked = requireText(id, 'A watched entry id', 256)
    try {
      await requestJson(buildUrl(this.baseUrl, '/api/users/me/watched/:id', { id: checked }), { ...this.request, method: 'DELETE' })
    } catch (error) {
      // Already gone is what was asked for.
      if (error instanceof ProofWatchError && error.status === 404) return
      throw error
    }
  }
}

/**
 * A label as the account keeps it: at most 40 characters as the server counts them (UTF-16 units),
 * cut between characters, never inside one; null for none.
 */
export function cutToAccountLabel(label: string | null): string | null {
  if (label === null || label === '') return null
  let cut = ''
  for (const character of label) {
    if (cut.length + character.length > ACCOUNT_LABEL_LENGTH) break
    cut += character
  }
  return cut
}

/** A 409: the address is already in the account's watchlist. */
export function isAlreadyWatched(error: unknown): boolean {
  return error instanceof ProofWatchError && error.status === 409
}
