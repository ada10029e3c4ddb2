/**
 * When one session reconciles the watchlist with the signed-in account
 * (watchlist/account-sync.ts says how): at its start, for edits made offline
 * or signed out, and once after edits close together, only when the user
 * asked for the two to be kept in step. Without a credential there is no
 * account, and asking is refused.
 */
import type { AccountSyncResult } from '@shared/watchlist'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import type { Logger } from '../log/log'
import type { AccountWatchlistSync } from '../watchlist/account-sync'

/** Edits of the watchlist close together are reconciled with the account once. */
const ACCOUNT_SYNC_DELAY_MS = 300

export interface AccountSyncScheduleOptions {
  /** Null without a credential on this indexer. */
  sync: AccountWatchlistSync | null
  /** Whether the user asked to keep the watchlist in step with the account (Settings). Default: no. */
  keepInStep?(): boolean
  /** A reconciliation finished while the session runs. */
  onResult(result: AccountSyncResult): void
  log: Logger
}

export class AccountSyncSchedule {
  private timer: ReturnType<typeof setTimeout> | null = null
  private stopped = false

  constructor(private readonly options: AccountSyncScheduleOptions) {}

  /** Reconciles the watchlist with the account now; refused without a session on this indexer. */
  async run(): Promise<AccountSyncResult> {
    if (!this.options.sync) {
      throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'Sign in to this indexer to keep the watchlist in step with your account', retryable: false })
    }
    const result = await this.options.sync.run()
    if (!this.stopped) this.options.onResult(result)
    return result
  }

  lastResult(): AccountSyncResult | null {
    return this.options.sync?.lastResult() ?? null
  }

  /** A reconciliation soon, when the user asked for the two to be kept in step. */
  soon(delayMs = ACCOUNT_SYNC_DELAY_MS): void {
    if (!this.options.sync || this.stopped || this.options.keepInStep?.() !== true || this.timer) return
    this.timer = setTimeout(() => {
      this.timer = null
      this.run().catch((error: unknown) => this.options.log.warn('The watchlist could not be reconciled with the account', toErrorInfo(error)))
    }, delayMs)
  }

  stop(): void {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
  }
}
