/**
 * One address's transactions in the cache, summed up for its page: count,
 * failures, fees, first and last block time, and transactions per day in the
 * page's time zone. The indexer offers none of these (its list carries only
 * a total), so the address page shows them as "from the cache".
 */
import type { ActivityDay, AddressActivity } from '@shared/history'
import { ProofWatchError } from '@shared/errors'
import { requirePubkey } from '../indexer/arguments'
import type { HistoryDatabase } from './database'
import { transactionFromRow, type TransactionRow } from './stored-records'

const ACTIVITY_SQL = `SELECT t.raw, t.detail_raw FROM transaction_accounts a CROSS JOIN transactions t ON t.id = a.transaction_id
  WHERE a.indexer_id = ? AND a.account = ?`

export function emptyActivity(pubkey: string): AddressActivity {
  return { pubkey, transactions: 0, failed: 0, fees: '0', feesUnknown: 0, firstSeen: null, lastSeen: null, days: [] }
}

/** Checks what a caller asked for; a bad address or time zone is the caller's error, said plainly. */
export function checkActivityQuery(pubkey: unknown, timeZone: unknown): { pubkey: string; dayOf: (ms: number) => string } {
  const checked = requirePubkey(pubkey, 'The address')
  const zone = timeZone === undefined || timeZone === null ? 'UTC' : timeZone
  if (typeof zone !== 'string' || zone.length > 64) {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'The time zone must be an IANA name such as Europe/Paris' })
  }
  let format: Intl.DateTimeFormat
  try {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' })
  } catch {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Unknown time zone ${JSON.stringify(zone.slice(0, 64))}` })
  }
  // en-CA writes dates as yyyy-mm-dd; built from parts so no locale data can change that.
  const dayOf = (ms: number): string => {
    const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]))
    return `${parts.year}-${parts.month}-${parts.day}`
  }
  return { pubkey: checked, dayOf }
}

/**
 * Reads every cached transaction of `pubkey` once. A row that no longer
 * decodes is left out (the list views report such rows); the sum of fees is
 * exact (BigInt), whatever the number of rows.
 */
export function addressActivity(database: HistoryDatabase, indexerId: number, pubkey: string, dayOf: (ms: number) => string): AddressActivity {
  const activity = emptyActivity(pubkey)
  let fees = 0n
  const days = new Map<string, ActivityDay>()
  for (const row of database.statement(ACTIVITY_SQL).iterate(indexerId, pubkey) as Iterable<TransactionRow>) {
    let transaction
    try {
      transaction = transactionFromRow(row)
    } catch {
      continue
    }
    const failed = transaction.status?.toUpperCase() === 'FAILED'
    activity.transactions++
    if (failed) activity.failed++
    if (transaction.fee !== null && /^\d+$/.test(transaction.fee)) fees += BigInt(transaction.fee)
    else activity.feesUnknown++
    const at = transaction.blockTime
    if (at === null || !Number.isFinite(at)) continue
    activity.firstSeen = activity.firstSeen === null ? at : Math.min(activity.firstSeen, at)
    activity.lastSeen = activity.lastSeen === null ? at : Math.max(activity.lastSeen, at)
    const day = dayOf(at)
    const held = days.get(day) ?? { day, transactions: 0, failed: 0 }
    held.transactions++
    if (failed) held.failed++
    days.set(day, held)
  }
  activity.fees = fees.toString()
  activity.days = [...days.values()].sort((a, b) => (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
  return activity
}
