import type { Bridge, BridgeArgs, BridgeEventName, BridgeEvents, BridgeMethodName, BridgeResult } from '@shared/bridge'
import { createBridge, createListenerRegistry } from '@shared/bridge-client'
import type { ErrorInfo } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'

export type FakeHandler<M extends BridgeMethodName> = (
  ...args: BridgeArgs<M>
) => BridgeResult<M> | Promise<BridgeResult<M>>

export interface RecordedCall {
  method: BridgeMethodName
  args: unknown[]
}

/** A Bridge for tests: records calls, answers from handlers, and lets a test push events. */
export interface FakeBridge extends Bridge {
  readonly calls: RecordedCall[]
  /** Answers `method` with `handler` from now on. */
  handle<M extends BridgeMethodName>(method: M, handler: FakeHandler<M>): void
  /** Answers `method` with a rejection carrying `info`. */
  fail(method: BridgeMethodName, info: ErrorInfo): void
  /** The argument lists `method` was called with, oldest first. */
  callsOf<M extends BridgeMethodName>(method: M): BridgeArgs<M>[]
  emit<E extends BridgeEventName>(event: E, payload: BridgeEvents[E]): void
}

export function createFakeBridge(): FakeBridge {
  const calls: RecordedCall[] = []
  const handlers = new Map<BridgeMethodName, (...args: never[]) => unknown>()
  // A listener that throws fails the test that emitted, instead of being logged and passed over.
  const listeners = createListenerRegistry({
    report: (_message, error) => {
      throw error
    },
  })

  function invoke(method: BridgeMethodName, args: unknown[]): Promise<unknown> {
    calls.push({ method, args })
    const handler = handlers.get(method)
    if (!handler) {
      return Promise.reject(new ProofWatchError({ code: 'INTERNAL', message: `fake bridge: no handler for ${method}` }))
    }
    try {
      return Promise.resolve((handler as (...a: unknown[]) => unknown)(...args))
    } catch (error) {
      return Promise.reject(error)
    }
  }

  return {
    ...createBridge(invoke, listeners),
    calls,
    handle(method, handler) {
      handlers.set(method, handler as (...args: never[]) => unknown)
    },
    fail(method, info) {
      handlers.set(method, () => Promise.reject(new ProofWatchError(info)))
    },
    callsOf<M extends BridgeMethodName>(method: M) {
      return calls.filter((call) => call.method === method).map((call) => call.args as BridgeArgs<M>)
    },
    emit(event, payload) {
      listeners.dispatch([{ event, payload }])
    },
  }
}
