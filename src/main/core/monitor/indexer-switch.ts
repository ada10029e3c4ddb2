/**
 * The one indexer the monitor watches at a time: connect, switch (one at a
 * time, in order), disconnect, and the built-in demo's lifecycle (started when
 * the demo profile is chosen, closed when another is). What a session sends
 * and what follows a connect stay with the monitor, through `open`/`opened`.
 */
import { ProofWatchError } from '@shared/errors'
import type { LaunchOptions } from '../config/launch-options'
import { activeProfile } from '../config/profiles'
import type { SecretStorage } from '../config/secrets'
import type { SettingsStorage } from '../config/settings'
import type { Logger } from '../log/log'
import type { IndexerSession } from '../session/indexer-session'
import { resolveTarget, type DemoEndpoints, type IndexerTarget } from '../session/indexer-target'
import { writeDemoKeypair } from '../sign-in/demo-keypair'

/** The demo indexer as it runs, what it answers to. */
export interface StartedDemo {
  httpUrl: string
  wsUrl: string
  credential?: string
  cookieName?: string
  close(): Promise<void>
}

/** The built-in demo indexer, handed in by whoever composes the app (the core never imports it). */
export interface BuiltInDemo {
  /** The wallet its records belong to, known before it starts (Settings names it). */
  wallet: string
  /** The wallet's keypair (64 bytes, a demo key that holds nothing), written for keypair sign-in. */
  keypair(): number[]
  /** `pushAddressEvents`: a deployment that pushes address transactions (default: silent, as the reference). */
  start(options?: { pushAddressEvents?: boolean }): Promise<StartedDemo>
}

export interface IndexerSwitchDeps {
  settings: SettingsStorage
  secrets: SecretStorage
  /** This run's flags, as they stand now (a saved profile overrides them once chosen). */
  launch(): LaunchOptions
  /** Null: no demo in this run, so a profile or --indexer-url is needed. */
  demo: BuiltInDemo | null
  /** Where the demo wallet's keypair file is written at the demo's first start; null: nowhere. */
  demoKeypairPath: string | null
  log: Logger
  /** A session for the target, wired to the monitor. */
  open(target: IndexerTarget): IndexerSession
  /** The session just became current: start it, show it. */
  opened(session: IndexerSession): void
  /** The current session was stopped and dropped. */
  closed(): void
}

interface RunningDemo {
  endpoints: DemoEndpoints
  close(): Promise<void>
}

export class IndexerSwitch {
  private current: IndexerSession | null = null
  private demo: RunningDemo | null = null
  private switching: Promise<void> = Promise.resolve()

  constructor(private readonly deps: IndexerSwitchDeps) {}

  get session(): IndexerSession | null {
    return this.current
  }

  /** The demo's wallet: the running demo's, else the one it would have; null without a demo. */
  get demoWallet(): string | null {
    return this.demo?.endpoints.wallet ?? this.deps.demo?.wallet ?? null
  }

  /** Opens a session on the indexer the settings and flags name, starting or closing the demo as needed. */
  async connect(): Promise<void> {
    const saved = this.deps.settings.read()
    const launch = this.deps.launch()
    const needsDemo = !launch.indexerUrl && activeProfile(saved) === undefined
    const demo = needsDemo ? await this.ensureDemo() : null
    if (!needsDemo) await this.closeDemo()
    const target = resolveTarget(saved, launch, this.deps.secrets, () => demo!)
    this.current = this.deps.open(target)
    this.deps.opened(this.current)
  }

  /** Drops the current session and opens the one the settings name now; switches run one after another. */
  switchOver(): Promise<void> {
    this.switching = this.switching.then(async () => {
      this.disconnect()
      await this.connect()
    })
    return this.switching
  }

  /** Waits for a switch under way. */
  settled(): Promise<void> {
    return this.switching
  }

  disconnect(): void {
    this.current?.stop()
    this.current = null
    this.deps.closed()
  }

  /** Disconnects and closes the demo if it runs. */
  async close(): Promise<void> {
    this.disconnect()
    await this.closeDemo()
  }

  private async ensureDemo(): Promise<DemoEndpoints> {
    if (!this.demo) {
      if (!this.deps.demo) {
        throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'No indexer is configured and this run has no built-in demo: add an indexer in Settings or pass --indexer' })
      }
      const started = await this.deps.demo.start({ pushAddressEvents: this.deps.launch().pushAddressEvents === true })
      const credential = `cookie:${started.cookieName ?? 'zkhelios_session'}=${started.credential ?? 'demo'}`
      if (this.deps.demoKeypairPath) writeDemoKeypair(this.deps.demoKeypairPath, this.deps.demo.keypair(), this.deps.log)
      this.demo = { endpoints: { httpUrl: started.httpUrl, wsUrl: started.wsUrl, credential, wallet: this.deps.demo.wallet }, close: () => started.close() }
      this.deps.log.info('demo indexer started', { httpUrl: started.httpUrl })
    }
    return this.demo.endpoints
  }

  private async closeDemo(): Promise<void> {
    if (!this.demo) return
    const demo = this.demo
    this.demo = null
    await demo.close()
  }
}
