/** Command-line arguments of the standalone demo indexer, parsed without side effects. */

export interface DemoCliOptions {
  port: number
  rate: number
  seed: number
  refuseCircuitChannel: boolean
  /** A deployment that pushes address transactions, stats every 2 s and every notice (default: as the reference). */
  pushAddressEvents: boolean
}

export type DemoCliCommand =
  | { kind: 'run'; options: DemoCliOptions }
  | { kind: 'help'; text: string }
  | { kind: 'error'; message: string }

export const DEMO_CLI_USAGE = `Usage: demo-indexer [options]

Serves a simulated proof network on 127.0.0.1 (HTTP /api/… and WebSocket /ws).
By default it pushes what the reference deployment pushes: nothing on
address:{pubkey}:txs, stats once a minute, no revocations or announcements on
the socket, "Watched address activity" only for a signed-in user's
server-side watchlist (/api/users/me/watched).

Options:
  --port <n>                 TCP port, 0 for any free one (default 8787)
  --rate <n>                 new proofs per second, 0 for none (default 2)
  --seed <n>                 seed of the simulated network (default 1)
  --refuse-circuit-channel   refuse proofs:circuit:{id} like the reference deployment
  --push-address-events      push address transactions, stats every 2 s and every
                             notice (a deployment that pushes, unlike the reference)
  --help                     show this help`

export function parseDemoCliArgs(argv: readonly string[]): DemoCliCommand {
  const options: DemoCliOptions = { port: 8787, rate: 2, seed: 1, refuseCircuitChannel: false, pushAddressEvents: false }
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index] as string
    const equals = arg.indexOf('=')
    const name = arg.startsWith('--') && equals > 0 ? arg.slice(0, equals) : arg
    const inline = arg.startsWith('--') && equals > 0 ? arg.slice(equals + 1) : undefined
    const value = (): string | undefined => inline ?? argv[++index]

    switch (name) {
      case '--help':
      case '-h':
        return { kind: 'help', text: DEMO_CLI_USAGE }
      case '--refuse-circuit-channel':
        if (inline !== undefined) return { kind: 'error', message: '--refuse-circuit-channel takes no value' }
        options.refuseCircuitChannel = true
        break
      case '--push-address-events':
        if (inline !== undefined) return { kind: 'error', message: '--push-address-events takes no value' }
        options.pushAddressEvents = true
        break
      case '--port': {
        const port = integerValue(value())
        if (port === undefined || port < 0 || port > 65535) return { kind: 'error', message: '--port needs an integer from 0 to 65535' }
        options.port = port
        break
      }
      case '--rate': {
        const text = value()
        const rate = text === undefined || text.trim() === '' ? Number.NaN : Number(text)
        if (!Number.isFinite(rate) || rate < 0) return { kind: 'error', message: '--rate needs a number >= 0' }
        options.rate = rate
        break
      }
      case '--seed': {
        const seed = integerValue(value())
        if (seed === undefined) return { kind: 'error', message: '--seed needs an integer' }
        options.seed = seed
        break
      }
      default:
        return { kind: 'error', message: `unknown argument: ${arg}` }
    }
  }
  return { kind: 'run', options }
}

function integerValue(text: string | undefined): number | undefined {
  if (text === undefined || !/^-?\d+$/.test(text)) return undefined
  const value = Number(text)
  return Number.isSafeInteger(value) ? value : undefined
}
