/**
 * The demo wallet's keypair, written to the data folder at the demo's first
 * start so a new user can try keypair sign-in on the demo. A demo key: it
 * holds nothing and is the same for everyone.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Logger } from '../log/log'

export const DEMO_KEYPAIR_FILE = 'demo-wallet.json'

/** Writes the file once; an existing file is left as it is. Never stops a start. */
export function writeDemoKeypair(path: string, keypair: number[], log: Logger): void {
  if (existsSync(path)) return
  try {
    mkdirSync(dirname(path), { recursive: true })
    writeFileSync(path, JSON.stringify(keypair) + '\n', { mode: 0o600, flag: 'wx' })
    log.info('demo wallet keypair written (a demo key: it holds nothing)', { path })
  } catch (error) {
    log.warn('could not write the demo wallet keypair', { path, error: (error as Error).message })
  }
}
