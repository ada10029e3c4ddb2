/**
 * The account routes beyond sign-in (docs/wire.md, "Accounts"): the sessions
 * list, the notification preferences and the account's watchlist. The only
 * code that knows their wire names.
 */
import type { AccountPreferences, AccountSession } from '@shared/account'
import type { AccountWatchedAddress } from '@shared/watchlist'
import { decodeFailure, isJsonObject, lenient, required, toEpochMs, toId, toText } from './decode-values'
import { unwrapList, unwrapRecord } from './decode-envelopes'
import { asRecord, decodeItems, recordDecoder } from './decode-pages'

/** `{ ok, sessions: [{ id, ip, userAgent, createdAt, expiresAt, current }] }`; entries without an id are left out. */
export function decodeSessionList(body: unknown): AccountSession[] {
  const list = isJsonObject(body) ? body.sessions : undefined
  if (!Array.isArray(list)) throw decodeFailure('The sessions answer has no sessions list', body)
  return list.flatMap((entry) => {
    if (!isJsonObject(entry)) return []
    const id = toText(entry.id)
    if (id === null || id === '' || id.length > 200) return []
    return [
      {
        id,
        ip: toText(entry.ip)?.slice(0, 100) ?? null,
        userAgent: toText(entry.userAgent)?.slice(0, 300) ?? null,
        createdAt: toEpochMs(entry.createdAt),
        expiresAt: toEpochMs(entry.expiresAt),
        thisApp: entry.current === true,
      },
    ]
  })
}

function flags(value: unknown): Record<string, boolean> {
  if (!isJsonObject(value)) return {}
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === 'boolean' && entry[0].length <= 60))
}

/** `{ ok, preferences: { channels: {…}, events: {…} } }`; unknown flags are kept, non-boolean ones dropped. */
export function decodePreferences(body: unknown): AccountPreferences {
  const preferences = isJsonObject(body) ? body.preferences : undefined
  if (!isJsonObject(preferences)) throw decodeFailure('The notification preferences answer has no preferences', body)
  return { channels: flags(preferences.channels), events: flags(preferences.events) }
}

const accountWatched = recordDecoder(() => ({
  id: required(toId, 'an id'),
  pubkey: required(toText, 'an address'),
  label: lenient(toText),
  createdAt: lenient(toEpochMs),
}))

function decodeAccountWatchedRecord(item: unknown): AccountWatchedAddress {
  const { id, pubkey, label, createdAt } = accountWatched.parse(asRecord(item, 'a watched address'), 'a watched address')
  return { id, pubkey, label, createdAt }
}

/** The signed-in user's watchlist on the indexer. */
export function decodeAccountWatchedList(body: unknown): AccountWatchedAddress[] {
  const { list } = unwrapList(body, ['watched', 'items', 'data'], 'a watchlist')
  return decodeItems(list, decodeAccountWatchedRecord, 'The account watchlist')
}

/** One entry just added to it (POST). */
export function decodeAccountWatched(body: unknown): AccountWatchedAddress {
  return decodeAccountWatchedRecord(unwrapRecord(body, ['watched', 'data'], ['pubkey'], 'a watched address'))
}
