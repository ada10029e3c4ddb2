/**
 * A problem as a banner says it: in words a person reads (no internal code),
 * with the times in the message in the user's zone and format, and one key
 * per problem, so a problem that recurs with other times is one banner.
 */
import type { ErrorCode, ErrorInfo } from '@shared/domain'
import { formatLocalTime } from '@renderer/format/time'

/** An ISO 8601 UTC time as the core writes it into messages. */
const ISO_TIME = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z\b/g

/** What kind of problem it is, in a few words; none where the message says it all. */
const LABELS: Partial<Record<ErrorCode, string>> = {
  UNREACHABLE: 'Indexer unreachable',
  TIMEOUT: 'Indexer too slow',
  HTTP: 'Indexer error',
  NOT_FOUND: 'Not found',
  RATE_LIMITED: 'Too many requests',
  DECODE: 'Unreadable data',
  SOCKET: 'Live feed',
  ACCESS_REFUSED: 'Access refused',
}

export function problemLabel(info: ErrorInfo): string | null {
  return LABELS[info.code] ?? null
}

/** The message with every ISO time in it as a local time ("27 Nov 2026, 06:13:04"). */
export function problemText(info: ErrorInfo, locale?: string): string {
  return info.message.replace(ISO_TIME, (iso) => formatLocalTime(Date.parse(iso), locale))
}

/** The same problem at other times is the same problem: times do not make a new banner. */
export function problemKey(info: ErrorInfo): string {
  return JSON.stringify([info.code, info.message.replace(ISO_TIME, '…')])
}
