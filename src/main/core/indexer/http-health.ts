import type { ConnectionState, ErrorInfo } from '@shared/domain'
import { isOfflineError, toErrorInfo } from '@shared/errors'
import type { AnswerHeaders } from './http-transport'

export type HttpHealthState = ConnectionState['http']

/** How one request to the indexer ended, as the client reports it. */
export type HttpOutcome = { ok: true; headers?: AnswerHeaders } | { ok: false; error: unknown }

/**
 * The indexer's HTTP health from every request the client makes (reads,
 * polls, backfills), not only those a view asked for: the first failing
 * request says "unreachable", the first answer after it says "ok".
 * A refusal the server made (4xx) proves it is reachable, except a
 * refusal of the credential (401, 403) while nothing else succeeds: an
 * indexer that refuses every request is not "ok".
 */
/** A credential refusal within this long of a success is one endpoint's, not the indexer's. */
const RECENT_SUCCESS_MS = 60_000

export class HttpHealth {
  private value: HttpHealthState = { state: 'unknown', lastOkAt: null, lastError: null }

  constructor(
    private readonly onChange: (state: HttpHealthState) => void = () => {},
    private readonly clock: () => number = Date.now,
  ) {}

  get current(): HttpHealthState {
    return { ...this.value }
  }

  note(outcome: HttpOutcome): void {
    const previous = this.value.state
    if (!outcome.ok) {
      const error: ErrorInfo = toErrorInfo(outcome.error)
      if (isOfflineError(error)) {
        const state = error.code === 'UNREACHABLE' || error.code === 'TIMEOUT' ? 'unreachable' : 'error'
        this.value = { state, lastOkAt: this.value.lastOkAt, lastError: error }
        if (state !== previous) this.onChange(this.current)
        return
      }
      const refusedCredential = error.status === 401 || error.status === 403
      const lastOkAt = this.value.lastOkAt
      if (refusedCredential && (lastOkAt === null || this.clock() - lastOkAt > RECENT_SUCCESS_MS)) {
        this.value = { state: 'error', lastOkAt, lastError: error }
        if (previous !== 'error') this.onChange(this.current)
        return
      }
    }
    this.value = { state: 'ok', lastOkAt: this.clock(), lastError: null }
    if (previous !== 'ok') this.onChange(this.current)
  }
}
