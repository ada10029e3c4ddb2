/** What a LiveService handed on, batch by batch, read back by id (used by tests only). */
import type { EventOrigin } from '../../src/main/core/live/live-service'

export interface DeliveredBatch<Item> {
  origin: EventOrigin
  items: Item[]
}

/** The ids of the items handed on, in order: from one origin or all, and only those `belongs` keeps. */
export function idsDelivered<Item>(
  delivered: ReadonlyArray<DeliveredBatch<Item>>,
  idOf: (item: Item) => string,
  only: { origin?: EventOrigin; belongs?: (item: Item) => boolean } = {},
): string[] {
  return delivered
    .filter((batch) => only.origin === undefined || batch.origin === only.origin)
    .flatMap((batch) => batch.items)
    .filter((item) => only.belongs === undefined || only.belongs(item))
    .map(idOf)
}
