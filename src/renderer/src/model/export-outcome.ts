import type { ExportOutcome } from '@shared/bridge'
import type { ExportRequest } from '@shared/history'
import { formatNumber } from '@renderer/format/number'
import { formatU64 } from '@renderer/format/u64'
import { formatBytes } from '@renderer/format/bytes'

/** What an export answered, in words, and the download to start when there is one. */
export type ExportView =
  | { kind: 'saved' | 'cancelled'; text: string }
  | { kind: 'download'; text: string; url: string; fileName: string }

/** A download link is followed only when it stays on this page's origin. */
export function isSameOriginPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')
}

/**
 * What the file holds: the cached rows, and of how many the indexer counts.
 * "544 cached rows of 1,755 transactions", "all 12 transactions", "2 cached transactions".
 */
export function rowsText(rows: number, kind: ExportRequest['kind'], total: string | null = null): string {
  const noun = (count: number) => (count === 1 ? kind.slice(0, -1) : kind)
  if (total !== null && /^\d+$/.test(total)) {
    const counted = BigInt(total)
    if (BigInt(rows) < counted) return `${formatNumber(rows)} cached ${rows === 1 ? 'row' : 'rows'} of ${formatU64(total)} ${kind}`
    if (BigInt(rows) === counted) return `all ${formatNumber(rows)} ${noun(rows)}`
  }
  return `${formatNumber(rows)} cached ${noun(rows)}`
}

/** `total`: the indexer's count for the same filter, when it gave one. */
export function describeExport(outcome: ExportOutcome, request: ExportRequest, total: string | null = null): ExportView {
  switch (outcome.status) {
    case 'download': {
      if (!isSameOriginPath(outcome.url)) throw new Error('The export link does not belong to this page')
      const of = total !== null && /^\d+$/.test(total) ? ` of the ${formatU64(total)} the indexer counts` : ''
      return { kind: 'download', url: outcome.url, fileName: outcome.fileName, text: `Downloading ${outcome.fileName}: the cached ${request.kind}${of}` }
    }
    case 'cancelled':
      return { kind: 'cancelled', text: 'Export cancelled' }
    case 'saved':
      return {
        kind: 'saved',
        text: `Saved ${rowsText(outcome.rows, request.kind, total)} (${formatBytes(outcome.bytes)}) to ${outcome.path}`,
      }
  }
}
