/** What the cold starts hand the renderer first: the newest proofs, as the bridge would send them. */
import type { Page, Proof } from '@shared/domain'

export const FIRST_SCREEN = 200

/** Clones the page as the bridge would and prints `ready <count>`; the proofs must have come from the cache. */
export function firstScreenReady(page: Page<Proof>): void {
  if (page.freshness?.source !== 'cache') throw new Error(`the proofs came from ${page.freshness?.source ?? 'nowhere'}, not the cache`)
  const proofs = structuredClone(page.items)
  process.stdout.write(`ready ${proofs.length}\n`)
}
