/**
 * What the cache holds of the records the user watches (the transactions of
 * watched addresses, the proofs of watched authorities and of the user's
 * wallet): which are still only summaries, newest first, and how many are
 * held in full. The background fetch of full records reads its queue from
 * here, so it resumes after a restart without keeping a queue of its own.
 */
import type { ReadStep } from './read-worker'

export interface WatchedScope {
  /** Watched addresses: their transactions. */
  addresses: readonly string[]
  /** Authorities whose proofs are watched: watched addresses and the user's wallet. */
  authorities: readonly string[]
}

export interface MissingDetail {
  kind: 'transaction' | 'proof'
  /** Signature or proof account. */
  id: string
}

export interface DetailCoverage {
  /** Records in scope held in full. */
  held: number
  /** Records in scope the cache holds at all. */
  total: number
  /** Records in scope still summaries that the indexer said it does not have. */
  unavailable: number
}

// Ordered in SQL, so a slot beyond 2^53 (which node:sqlite will not read as a number) is never read.
const MISSING = `
SELECT kind, id FROM (
  SELECT * FROM (
    SELECT DISTINCT 'transaction' AS kind, t.signature AS id, t.slot AS slot, t.time AS time
    FROM transaction_accounts a JOIN transactions t ON t.id = a.transaction_id
    WHERE a.indexer_id = ? AND a.account IN (SELECT value FROM json_each(?))
      AND t.detail_raw IS NULL AND t.signature NOT IN (SELECT value FROM json_each(?))
    ORDER BY t.slot DESC, t.time DESC LIMIT ?)
  UNION ALL
  SELECT * FROM (
    SELECT 'proof' AS kind, proof_account AS id, slot, time FROM proofs
    WHERE indexer_id = ? AND authority IN (SELECT value FROM json_each(?))
      AND complete = 0 AND proof_account NOT IN (SELECT value FROM json_each(?))
    ORDER BY slot DESC, time DESC LIMIT ?)
)
ORDER BY slot DESC, time DESC LIMIT ?`

const TRANSACTION_COVERAGE = `
SELECT COUNT(*) AS total,
  COUNT(t.detail_raw) AS held,
  COUNT(CASE WHEN t.detail_raw IS NULL AND t.signature IN (SELECT value FROM json_each(?)) THEN 1 END) AS unavailable
FROM transactions t
WHERE t.id IN (SELECT a.transaction_id FROM transaction_accounts a WHERE a.indexer_id = ? AND a.account IN (SELECT value FROM json_each(?)))`

const PROOF_COVERAGE = `
SELECT COUNT(*) AS total,
  COALESCE(SUM(complete), 0) AS held,
  COUNT(CASE WHEN complete = 0 AND proof_account IN (SELECT value FROM json_each(?)) THEN 1 END) AS unavailable
FROM proofs WHERE indexer_id = ? AND authority IN (SELECT value FROM json_each(?))`

export interface WatchedDetails {
  /** Up to `limit` records in scope held only as summaries, newest first, without those in `skip`. */
  missing: MissingDetail[]
  coverage: DetailCoverage
}

/**
 * What is missing and how much is held, in one batch of reads. They scan
 * every watched record (tens of thousands for a busy address), so `read`
 * is the cache's read aside, off the main thread.
 */
export async function readWatchedDetails(
  read: (steps: readonly ReadStep[]) => Promise<unknown[]>,
  indexerId: number,
  scope: WatchedScope,
  skip: readonly string[],
  limit: number,
): Promise<WatchedDetails> {
  const coverage: DetailCoverage = { held: 0, total: 0, unavailable: 0 }
  if (scope.addresses.length === 0 && scope.authorities.length === 0) return { missing: [], coverage }
  const skipped = JSON.stringify(skip)
  const addresses = JSON.stringify(scope.addresses)
  const authorities = JSON.stringify(scope.authorities)
  const steps: ReadStep[] = [{ sql: MISSING, params: [indexerId, addresses, skipped, limit, indexerId, authorities, skipped, limit, limit], mode: 'all' }]
  if (scope.addresses.length > 0) steps.push({ sql: TRANSACTION_COVERAGE, params: [skipped, indexerId, addresses], mode: 'get' })
  if (scope.authorities.length > 0) steps.push({ sql: PROOF_COVERAGE, params: [skipped, indexerId, authorities], mode: 'get' })
  const [missing, ...counts] = await read(steps)
  for (const row of counts as (DetailCoverage | undefined)[]) {
    if (!row) continue
    coverage.held += Number(row.held)
    coverage.total += Number(row.total)
    coverage.unavailable += Number(row.unavailable)
  }
  return { missing: missing as MissingDetail[], coverage }
}
