/**
 * The file name an export is offered under, naming what it holds: the kind,
 * the address and each filter, then when it was made.
 * `proofwatch-transactions-<address>-failed-2026-11-27-07-20-00.csv`
 */
import type { ExportRequest } from './history'

/** A filter value as a file-name part: letters, digits, `.` and `-` only, kept short. */
function part(value: string): string {
  return value.replace(/[^A-Za-z0-9.-]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 64)
}

export function exportFileName(request: ExportRequest, stamp: string): string {
  const parts: string[] = ['proofwatch', request.kind]
  if (request.kind === 'transactions') {
    const { pubkey, type, status, fromDate, toDate } = request.filter
    if (pubkey) parts.push(part(pubkey))
    if (type) parts.push(part(type))
    if (status) parts.push(part(status.toLowerCase()))
    if (fromDate) parts.push(`from-${part(fromDate)}`)
    if (toDate) parts.push(`to-${part(toDate)}`)
  } else {
    const { authority, type, circuitId, state, fromDate, toDate } = request.filter
    if (authority) parts.push(part(authority))
    if (circuitId) parts.push(`circuit-${part(circuitId)}`)
    if (type) parts.push(part(type.toLowerCase()))
    if (state) parts.push(part(state))
    if (fromDate) parts.push(`from-${part(fromDate)}`)
    if (toDate) parts.push(`to-${part(toDate)}`)
  }
  parts.push(part(stamp))
  return `${parts.filter((p) => p !== '').join('-')}.${request.format}`
}
