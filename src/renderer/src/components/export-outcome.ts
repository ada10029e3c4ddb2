import type { ExportOutcome } from '@shared/bridge'
import type { ExportRequest } from '@shared/history'
import { formatNumber } from '@renderer/format/number'
import { formatBytes } from './settings/bytes'

/** What an export answered, in words, and the download to start when there is one. */
export type ExportView =
  | { kind: 'saved' | 'cancelled'; text: string }
  | { kind: 'download'; text: string; url: string; fileName: string }

/** A download link is followed only when it stays on this page's origin. */
export function isSameOriginPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\')
}

function rowsText(rows: number, kind: ExportRequest['kind']): string {
  const noun = rows === 1 ? kind.slice(0, -1) : kind
  return `${formatNumber(rows)} ${noun}`
}

export function describeExport(outcome: ExportOutcome, request: ExportRequest): ExportView {
  switch (outcome.status) {
    case 'download':
      if (!isSameOriginPath(outcome.url)) throw new Error('The export link does not belong to this page')
      return { kind: 'download', url: outcome.url, fileName: outcome.fileName, text: `Downloading ${outcome.fileName}` }
    case 'cancelled':
      return { kind: 'cancelled', text: 'Export cancelled' }
    case 'saved':
      return {
        kind: 'saved',
        text: `Saved ${rowsText(outcome.rows, request.kind)} (${formatBytes(outcome.bytes)}) to ${outcome.path}`,
      }
  }
}
