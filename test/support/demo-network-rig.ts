// Shared set-up for the DemoNetwork tests (src/main/demo/network-*.test.ts): a network on a clock the test moves,
// and readers that page through everything it holds.
import { DemoNetwork, type DemoNetworkOptions, type NetworkEvent } from '../../src/main/demo/network'
import type { ProofRecord, TransactionRecord } from '../../src/main/demo/records'

export const START = Date.UTC(2026, 10, 21, 21, 0, 0)
export const DAY = 86_400_000

export function fixedClockNetwork(options: DemoNetworkOptions = {}): { network: DemoNetwork; setNow: (t: number) => void } {
  let now = START
  const network = new DemoNetwork({ startTime: START, clock: () => now, ...options })
  return { network, setNow: (t) => (now = t) }
}

/** What one tick published, as its listeners saw it. */
export function tickRecords(network: DemoNetwork, now: number): { proofs: ProofRecord[]; transactions: TransactionRecord[] } {
  const events: NetworkEvent[] = []
  const stop = network.onEvent((event) => events.push(event))
  network.tick(now)
  stop()
  return {
    proofs: events.flatMap((event) => (event.kind === 'proof' ? [event.proof] : [])),
    transactions: events.flatMap((event) => ('transaction' in event ? [event.transaction] : [])),
  }
}

export function allProofs(network: DemoNetwork, filter: { authority?: string; circuitId?: number } = {}, limit = 7): ProofRecord[] {
  const seen: ProofRecord[] = []
  let cursor: string | undefined
  for (let guard = 0; guard < 1000; guard++) {
    const page = network.listProofs({ ...filter, cursor, limit })
    seen.push(...page.items)
    if (page.nextCursor === null) return seen
    cursor = page.nextCursor
  }
  throw new Error('paging did not end')
}

export function allTransactions(network: DemoNetwork, pubkey?: string, limit = 9): TransactionRecord[] {
  const seen: TransactionRecord[] = []
  let cursor: string | undefined
  for (let guard = 0; guard < 1000; guard++) {
    const page = network.listTransactions({ pubkey, cursor, limit })
    seen.push(...page.items)
    if (page.nextCursor === null) return seen
    cursor = page.nextCursor
  }
  throw new Error('paging did not end')
}
