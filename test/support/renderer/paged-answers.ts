import type { Page, Proof, Transaction } from '@shared/domain'
import type { FakeBridge } from './fake-bridge'
import { pagesOf } from './fixtures'

/** What each paged list method answers with. */
interface PagedRecords {
  listProofs: Proof
  listTransactions: Transaction
}

/**
 * Answers `method` with `records`, `size` to a page (see pagesOf); a cursor
 * it never handed out fails the call, so a test sees a wrong cursor at once.
 */
export function answerPages<M extends keyof PagedRecords>(
  bridge: FakeBridge,
  method: M,
  records: PagedRecords[M][],
  size: number,
  total?: string | null,
): void {
  const pages = pagesOf<PagedRecords[M]>(records, size, total === undefined ? String(records.length) : total)
  bridge.handle(method, ((query: { cursor?: string }): Page<PagedRecords[M]> => {
    const page = pages.get(query.cursor)
    if (!page) throw new Error(`unexpected cursor ${query.cursor}`)
    return page
  }) as Parameters<FakeBridge['handle']>[1])
}
