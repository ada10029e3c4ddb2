/** The demo indexer as the app and serve mode start it when no indexer is configured. */
import { randomBytes } from 'node:crypto'
import type { BuiltInDemo } from '../core/monitor/indexer-switch'
import { DEMO_WALLET, demoWalletKeypair } from './catalog'

export function builtInDemo(): BuiltInDemo {
  return {
    wallet: DEMO_WALLET,
    keypair: demoWalletKeypair,
    // A token of its own at each start: a guessable one ('demo') would be redacted as a secret wherever the word shows.
    // Loaded when first started: most starts have an indexer, and the demo's network and server are a good share of the code.
    start: async (options) =>
      (await import('./server')).startDemoIndexer({
        port: 0,
        credential: randomBytes(18).toString('base64url'),
        pushAddressEvents: options?.pushAddressEvents === true,
      }),
  }
}
