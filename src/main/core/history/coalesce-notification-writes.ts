import type { AppNotification } from '@shared/domain'
import type { WriteOp } from './write-op'
import { laterVersion } from '@shared/entry-versions'

/**
 * A growing burst rewrites its one centre entry at every event: a batch of
 * writes may hold the same entry many times. Only its last version is
 * written, merged as the upserts one after another would have left the row
 * (subject and topic kept when the later version has none; `read` and
 * `receivedAt` are those of the first insert). A mark-read or a removal in
 * between ends the merging, so that their order still holds.
 */
export function coalesceNotificationWrites(ops: readonly WriteOp[]): readonly WriteOp[] {
  // Most batches hold one entry or none: nothing to merge, nothing to allocate.
  const entries = ops.reduce((count, op) => count + (op.type === 'notifications' ? op.notifications.length : 0), 0)
  if (entries < 2) return ops
  const versions: Array<Array<AppNotification | null>> = ops.map((op) => (op.type === 'notifications' ? [...op.notifications] : []))
  let latest = new Map<string, { op: number; item: number }>()
  let coalesced = false
  ops.forEach((op, opIndex) => {
    if (op.type === 'mark-read' || op.type === 'remove-notifications') {
      latest = new Map()
      return
    }
    if (op.type !== 'notifications') return
    const items = versions[opIndex] as Array<AppNotification | null>
    op.notifications.forEach((later, itemIndex) => {
      const key = `${op.indexer}\n${later.id}`
      const at = latest.get(key)
      if (at) {
        const earlierItems = versions[at.op] as Array<AppNotification | null>
        const earlier = earlierItems[at.item] as AppNotification
        items[itemIndex] = { ...laterVersion(earlier, later), read: earlier.read, receivedAt: earlier.receivedAt }
        earlierItems[at.item] = null
        coalesced = true
      }
      latest.set(key, { op: opIndex, item: itemIndex })
    })
  })
  if (!coalesced) return ops
  return ops.flatMap((op, opIndex): WriteOp[] => {
    if (op.type !== 'notifications') return [op]
    const kept = (versions[opIndex] as Array<AppNotification | null>).filter((item): item is AppNotification => item !== null)
    return kept.length > 0 ? [{ ...op, notifications: kept }] : []
  })
}
