/**
 * What the user reads about a damaged, locked or unusable history cache:
 * what happened to the file, and where its history is kept now.
 */
import type { CacheDamageKind } from '@shared/history'

/** A damaged file moved aside (`movedTo`) and a new cache started; null: it could not be moved. */
export function damageMessage(kind: 'truncated' | 'corrupt' | 'newer-schema', detail: string, movedTo: string | null): string {
  const where = movedTo === null ? '' : ` It was kept as ${movedTo} and a new cache was started.`
  switch (kind) {
    case 'truncated':
      return `The history cache file was cut short (${detail}).${where}`
    case 'corrupt':
      return `The history cache file is damaged (${detail}).${where}`
    case 'newer-schema':
      return `The history cache was written by a newer version of ProofWatch (${detail}).${where}`
  }
}

/** The cache left alone and the session kept in memory. */
export function fallbackMessage(kind: CacheDamageKind, path: string, detail: string): string {
  const memory = 'This session keeps its history in memory only.'
  switch (kind) {
    case 'locked':
      return `The history cache ${path} is in use by another program (${detail}). It was left as it is. ${memory}`
    case 'disk-full':
      return `The history cache ${path} cannot be written: the disk is full (${detail}). ${memory}`
    default:
      return `The history cache ${path} cannot be used (${detail}). ${memory}`
  }
}
