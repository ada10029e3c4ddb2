import type { ErrorInfo } from '@shared/domain'

/** A headline for a failed lookup that names what was looked up; undefined keeps the generic one. */
export function detailErrorTitle(error: ErrorInfo, thing: string, idName: string): string | undefined {
  if (error.code === 'NOT_FOUND') return `No ${thing} with this ${idName}`
  if (error.code === 'INVALID_ARGUMENT') return `This is not a valid ${idName}`
  return undefined
}
