/**
 * An outage of the demo indexer, for the suites about gaps: a restart on the
 * same port whose chain runs on from where it stopped, and the chain's own
 * list to compare what a client holds against.
 */
import { afterEach } from 'vitest'
import type { DemoNetwork } from '../../src/main/demo/network'
import { startDemoIndexer, type DemoIndexer, type DemoIndexerOptions } from '../../src/main/demo/server'

/** Closes `current`, runs `whileDown`, and starts the demo again on its port with its network. */
export async function restartDemo(current: DemoIndexer, options: DemoIndexerOptions, whileDown: () => void = () => {}): Promise<DemoIndexer> {
  await current.close()
  whileDown()
  return startDemoIndexer({ ...options, port: current.port, network: { continueFrom: current.network } })
}

/** Every signature the chain lists for `pubkey`, newest first, read page by page. */
export function serverSignatures(network: DemoNetwork, pubkey: string): string[] {
  const signatures: string[] = []
  let cursor: string | undefined
  for (;;) {
    const page = network.listTransactions({ pubkey, cursor, limit: 200 })
    signatures.push(...page.items.map((tx) => tx.signature))
    if (page.nextCursor === null) return signatures
    cursor = page.nextCursor
  }
}

/**
 * The demo a suite's live services read (an outage replaces it) and those
 * services; registers the afterEach that stops the services, then closes
 * the demo as it is then.
 */
export function servicesOnDemoPerTest(): { indexer: DemoIndexer | null; services: Array<{ stop(): void }> } {
  const run = { indexer: null as DemoIndexer | null, services: [] as Array<{ stop(): void }> }
  afterEach(async () => {
    run.services.splice(0).forEach((s) => s.stop())
    await run.indexer?.close()
    run.indexer = null
  })
  return run
}
