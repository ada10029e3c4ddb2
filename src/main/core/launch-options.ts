import { ProofWatchError } from '@shared/errors'
import { applySettingsPatch, DEFAULT_SETTINGS } from './settings'

/** What a launch (app or serve mode) was asked for by flags and environment. Flags win. */
export interface LaunchOptions {
  indexerUrl?: string
  wsUrl?: string
  dataDir?: string
  /** Serve mode only: 0 picks a free port. */
  port?: number
  help?: boolean
}

const FLAG_TO_KEY = {
  '--indexer': 'indexerUrl',
  '--ws': 'wsUrl',
  '--data-dir': 'dataDir',
  '--port': 'port',
} as const

export const LAUNCH_USAGE = `Options (each also read from the environment):
  --indexer <http url>   indexer HTTP base URL        PROOFWATCH_INDEXER_URL
  --ws <ws url>          indexer WebSocket URL         PROOFWATCH_WS_URL
  --data-dir <dir>       where settings and cache live PROOFWATCH_DATA_DIR
  --port <n>             serve mode port (0 = free)    PROOFWATCH_PORT
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

  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--help' || arg === '-h') {
      options.help = true
      continue
    }
    const [flag, inlineValue] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined]
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
    if (key === 'port') options.port = parsePort(value)
    else options[key] = value
  }
  if (options.indexerUrl !== undefined || options.wsUrl !== undefined) {
    // The same rules as URLs saved in Settings.
    const checked = applySettingsPatch(DEFAULT_SETTINGS, { indexerUrl: options.indexerUrl, wsUrl: options.wsUrl })
    options.indexerUrl = checked.indexerUrl ?? undefined
    options.wsUrl = checked.wsUrl ?? undefined
    if (options.wsUrl === undefined) delete options.wsUrl
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
