import { ProofWatchError } from '@shared/errors'
import { checkSocketUrl } from './settings'
import { normalizeBaseUrl } from '../indexer/url'
import { parseCredential } from './credentials'
import { PUBKEY_LENGTH, requireBase58 } from '../indexer/arguments'

/** What a launch (app or serve mode) was asked for by flags and environment. Flags win. */
export interface LaunchOptions {
  indexerUrl?: string
  wsUrl?: string
  dataDir?: string
  /** Serve mode only: 0 picks a free port. */
  port?: number
  /**
   * `cookie:<name>=<value>` or `bearer:<token>`, from PROOFWATCH_CREDENTIAL only:
   * a flag would show it in process lists.
   */
  credential?: string
  /** The user's wallet, saved to the active profile. */
  wallet?: string
  /** Addresses added to the saved watchlist. */
  watch?: string[]
  /** A Solana CLI keypair file to sign in with at start (read once, the key is not kept). */
  keypair?: string
  /** The built-in demo pushes address transactions, frequent stats and every notice (default: as the reference deployment). */
  pushAddressEvents?: boolean
  /** The built-in demo's port (0 = a free one); default: the port it had before on this data folder. */
  demoPort?: number
  help?: boolean
}

const FLAG_TO_KEY = {
  '--indexer': 'indexerUrl',
  '--ws': 'wsUrl',
  '--data-dir': 'dataDir',
  '--port': 'port',
  '--wallet': 'wallet',
  '--watch': 'watch',
  '--keypair': 'keypair',
  '--demo-port': 'demoPort',
} as const

export const LAUNCH_USAGE = `Options (each also read from the environment):
  --indexer <http url>   indexer HTTP base URL        PROOFWATCH_INDEXER_URL
  --ws <ws url>          indexer WebSocket URL         PROOFWATCH_WS_URL
  --data-dir <dir>       where settings and cache live PROOFWATCH_DATA_DIR
  --port <n>             serve mode port (0 = free)    PROOFWATCH_PORT
  --wallet <pubkey>      your wallet (user channels)
  --watch <pubkey>       watch an address (repeatable)
  --keypair <file>       sign in with a Solana CLI keypair file (the key is not kept)
  --push-address-events  the built-in demo pushes address transactions, stats every
                         2 s and every notice (default: as the reference deployment)
  --demo-port <n>        the built-in demo's port      PROOFWATCH_DEMO_PORT
                         (default: the one it had on this data folder)
  credential for user channels, environment only:      PROOFWATCH_CREDENTIAL
                         (cookie:<name>=<value> or bearer:<token>)
Without an indexer URL the built-in demo indexer is used.`

/**
 * Reads flags and environment. `strict` rejects unknown flags (serve mode);
 * the Electron app is not strict because Electron and Chromium add switches of their own.
 */
export function parseLaunchOptions(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  { strict = true }: { strict?: boolean } = {},
): LaunchOptions {
  const options: LaunchOptions = {}
  if (env.PROOFWATCH_INDEXER_URL) options.indexerUrl = env.PROOFWATCH_INDEXER_URL
  if (env.PROOFWATCH_WS_URL) options.wsUrl = env.PROOFWATCH_WS_URL
  if (env.PROOFWATCH_DATA_DIR) options.dataDir = env.PROOFWATCH_DATA_DIR
  if (env.PROOFWATCH_PORT) options.port = parsePort(env.PROOFWATCH_PORT)
  if (env.PROOFWATCH_DEMO_PORT) options.demoPort = parsePort(env.PROOFWATCH_DEMO_PORT)
  if (env.PROOFWATCH_CREDENTIAL) {
    // Checked now so a typo fails the start with a clear message; the value itself is never echoed.
    parseCredential(env.PROOFWATCH_CREDENTIAL)
    options.credential = env.PROOFWATCH_CREDENTIAL
  }

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') {
      options.help = true
      continue
    }
    if (arg === '--push-address-events') {
      options.pushAddressEvents = true
      continue
    }
    const [flag, inlineValue] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
    if (flag === '--credential') {
      throw new ProofWatchError({
        code: 'INVALID_ARGUMENT',
        message: 'Pass the credential in PROOFWATCH_CREDENTIAL, not as a flag: flags show in process lists',
      })
    }
    if (!(flag in FLAG_TO_KEY)) {
      if (strict) {
        throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Unknown option ${flag}` })
      }
      continue
    }
    const value = inlineValue ?? argv[++i]
    if (value === undefined || value === '') {
      throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `${flag} needs a value` })
    }
    const key = FLAG_TO_KEY[flag as keyof typeof FLAG_TO_KEY]
    if (key === 'port' || key === 'demoPort') options[key] = parsePort(value)
    else if (key === 'watch') options.watch = [...(options.watch ?? []), requireBase58(value, 'The --watch address', PUBKEY_LENGTH)]
    else if (key === 'wallet') options.wallet = requireBase58(value, 'The --wallet address', PUBKEY_LENGTH)
    else options[key] = value
  }
  // The same rules as URLs saved in Settings.
  if (options.indexerUrl !== undefined) options.indexerUrl = normalizeBaseUrl(options.indexerUrl)
  if (options.wsUrl !== undefined) {
    if (options.indexerUrl === undefined) {
      throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'A socket URL needs an indexer URL too (--indexer)' })
    }
    options.wsUrl = checkSocketUrl(options.wsUrl)
  }
  return options
}

function parsePort(value: string): number {
  const port = Number(value)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Port must be 0–65535, got ${value}` })
  }
  return port
}
