/**
 * The demo indexer as the app and serve mode start it when no indexer is
 * configured. It keeps what makes it the same demo across restarts of one
 * data folder in `demo-indexer.json` there: its port (the cache, the sign-in
 * and the read state are keyed by its address), the time its chain began (the
 * slot runs on from it) and the sign-in sessions it issued.
 */
import { nodeCrypto } from '../runtime/builtins-on-first-use'
import { readFileSync, renameSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { BuiltInDemo } from '../core/monitor/indexer-switch'
import type { DemoSessionRecord } from './accounts'
import { DEMO_WALLET, demoWalletKeypair } from './catalog'

export const DEMO_STATE_FILE = 'demo-indexer.json'

export interface BuiltInDemoOptions {
  /** Where the demo keeps its port, chain start and sessions; null: nothing kept (a new demo at each start). */
  stateFile?: string | null
  /** `--demo-port`: this port and no other (a busy one fails the start). Default: the kept port, else a free one. */
  port?: number
  /** Told when the kept port was busy and another was taken (the demo's history then starts anew). */
  warn?: (message: string, details?: unknown) => void
}

interface DemoState {
  port?: number
  genesis?: number
  sessions?: DemoSessionRecord[]
}

export function builtInDemo(options: BuiltInDemoOptions = {}): BuiltInDemo {
  return {
    wallet: DEMO_WALLET,
    keypair: demoWalletKeypair,
    start: async (startOptions) => {
      // Loaded when first started: most starts have an indexer, and the demo's network and server are a good share of the code.
      const { startDemoIndexer } = await import('./server')
      const file = options.stateFile ?? null
      const kept = file ? readState(file) : {}
      const genesis = kept.genesis ?? Date.now()
      let state: DemoState = { ...kept, genesis }
      const save = (change: Partial<DemoState>): void => {
        state = { ...state, ...change }
        if (file) writeState(file, state)
      }
      const start = (port: number) =>
        startDemoIndexer({
          port,
          // A token of its own at each start: a guessable one ('demo') would be a weak secret, and this one is never shown.
          credential: nodeCrypto().randomBytes(18).toString('base64url'),
          network: { genesis },
          auth: { sessions: kept.sessions ?? [], onSessions: (sessions) => save({ sessions }) },
          pushAddressEvents: startOptions?.pushAddressEvents === true,
        })
      const wanted = options.port ?? kept.port ?? 0
      let demo
      try {
        demo = await start(wanted)
      } catch (error) {
        // Only the kept port gives way; a port the user asked for fails the start with its reason.
        if (options.port !== undefined || wanted === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
        options.warn?.(`the demo's port ${wanted} is busy: it starts on another, so its earlier history is not shown (pin one with --demo-port)`)
        demo = await start(0)
      }
      save({ port: demo.port })
      return demo
    },
  }
}

function readState(file: string): DemoState {
  try {
    const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown
    if (typeof parsed !== 'object' || parsed === null) return {}
    const record = parsed as Record<string, unknown>
    const state: DemoState = {}
    if (Number.isInteger(record.port) && (record.port as number) > 0 && (record.port as number) < 65536) state.port = record.port as number
    if (Number.isFinite(record.genesis) && (record.genesis as number) <= Date.now()) state.genesis = record.genesis as number
    if (Array.isArray(record.sessions)) {
      state.sessions = record.sessions.filter(
        (s): s is DemoSessionRecord =>
          typeof s === 'object' && s !== null && typeof s.token === 'string' && typeof s.pubkey === 'string' && Number.isFinite(s.expiresAt),
      )
    }
    return state
  } catch {
    // Missing or unreadable: a new demo, as on a first start.
    return {}
  }
}

function writeState(file: string, state: DemoState): void {
  try {
    const temporary = `${file}.tmp`
    writeFileSync(temporary, JSON.stringify(state), { mode: 0o600 })
    renameSync(temporary, file)
  } catch {
    // Not kept: the next start is a new demo, which is what happened before this file existed.
  }
}

/** The built-in demo of one data folder, as the app and serve mode start it (`--demo-port` from the launch flags). */
export function builtInDemoOf(dataDir: string | null | undefined, demoPort: number | undefined, warn?: BuiltInDemoOptions['warn']): BuiltInDemo {
  return builtInDemo({
    stateFile: dataDir ? join(dataDir, DEMO_STATE_FILE) : null,
    ...(demoPort !== undefined ? { port: demoPort } : {}),
    ...(warn ? { warn } : {}),
  })
}
