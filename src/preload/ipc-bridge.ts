import type { IpcRenderer, IpcRendererEvent } from 'electron'
import type {
  Bridge,
  BridgeArgs,
  BridgeEvent,
  BridgeEventName,
  BridgeEvents,
  BridgeMethodName,
  BridgeResult,
  Unsubscribe,
} from '@shared/bridge'
import { EVENTS_CHANNEL, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import type { ErrorInfo } from '@shared/domain'
import { ProofWatchError, toErrorInfo } from '@shared/errors'

/** The part of `ipcRenderer` the bridge uses; it is never handed to the page. */
export type PreloadIpc = Pick<IpcRenderer, 'invoke' | 'on' | 'removeListener' | 'send'>

/**
 * What a failed bridge call rejects with: a plain object, not an Error.
 *
 * contextBridge copies an Error into the page as `new Error(message)`, losing
 * its class and every other property; a plain object is copied whole. So the
 * page receives `{ name, code, message, retryable, status?, serverCode?,
 * received? }` and can rebuild a ProofWatchError with `ProofWatchError.fromInfo`.
 * What does not survive: `instanceof Error`, `instanceof ProofWatchError`, and a stack.
 */
export interface BridgeRejection extends ErrorInfo {
  name: 'ProofWatchError'
  retryable: boolean
}

export function toBridgeRejection(info: ErrorInfo): BridgeRejection {
  return { name: 'ProofWatchError', ...ProofWatchError.fromInfo(info).toInfo(), retryable: info.retryable ?? false }
}

function isErrorInfo(value: unknown): value is ErrorInfo {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorInfo).code === 'string' &&
    typeof (value as ErrorInfo).message === 'string'
  )
}

/** Unwraps the `{result}|{error}` envelope main answers with. */
function unwrap<T>(method: BridgeMethodName, response: unknown): T {
  if (typeof response === 'object' && response !== null) {
    if ('error' in response) {
      const error = (response as { error: unknown }).error
      throw toBridgeRejection(
        isErrorInfo(error) ? error : { code: 'INTERNAL', message: `Malformed error from ${method}` },
      )
    }
    if ('result' in response) return (response as { result: T }).result
  }
  throw toBridgeRejection({ code: 'INTERNAL', message: `Malformed answer from ${method}` })
}

type Listener = (payload: never) => void

/**
 * Builds `window.proofwatch`: one named method per request channel, and `on`
 * for pushed event batches. Main learns the page is ready with the first `on`.
 */
export function createIpcBridge(
  ipc: PreloadIpc,
  report: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): Bridge {
  async function invoke<M extends BridgeMethodName>(method: M, ...args: BridgeArgs<M>): Promise<BridgeResult<M>> {
    let response: unknown
    try {
      response = await ipc.invoke(IPC_CHANNELS[method], ...args)
    } catch (error) {
      throw toBridgeRejection(toErrorInfo(error))
    }
    return unwrap<BridgeResult<M>>(method, response)
  }

  const listeners = new Map<BridgeEventName, Set<{ listener: Listener }>>()
  let subscriberCount = 0
  let readySent = false

  const onBatch = (_event: IpcRendererEvent, batch: unknown): void => {
    if (!Array.isArray(batch)) return
    for (const item of batch as unknown[]) {
      if (typeof item !== 'object' || item === null) continue
      const { event, payload } = item as BridgeEvent
      const subscribers = listeners.get(event)
      if (!subscribers) continue
      // A copy, so a listener that unsubscribes during dispatch does not skip another.
      for (const entry of [...subscribers]) {
        try {
          entry.listener(payload as never)
        } catch (error) {
          report(`proofwatch: a listener for "${String(event)}" failed`, error)
        }
      }
    }
  }

  function on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): Unsubscribe {
    if (!Object.hasOwn(EVENT_NAMES, event)) {
      throw toBridgeRejection({ code: 'INVALID_ARGUMENT', message: `Unknown event ${String(event).slice(0, 60)}` })
    }
    if (typeof listener !== 'function') {
      throw toBridgeRejection({ code: 'INVALID_ARGUMENT', message: `The listener for ${event} must be a function` })
    }
    // Each subscription is its own entry: the page may pass the same function twice.
    const entry = { listener: listener as Listener }
    let subscribers = listeners.get(event)
    if (!subscribers) listeners.set(event, (subscribers = new Set()))
    subscribers.add(entry)
    if (subscriberCount++ === 0) ipc.on(EVENTS_CHANNEL, onBatch)
    if (!readySent) {
      readySent = true
      ipc.send(READY_CHANNEL)
    }
    let active = true
    return () => {
      if (!active) return
      active = false
      subscribers.delete(entry)
      if (subscribers.size === 0) listeners.delete(event)
      if (--subscriberCount === 0) ipc.removeListener(EVENTS_CHANNEL, onBatch)
    }
  }

  const bridge = {
    getOverview: () => invoke('getOverview'),
    getSeries: (query) => invoke('getSeries', query),
    getLeaderboard: (query) => invoke('getLeaderboard', query),
    listProofs: (query) => invoke('listProofs', query),
    getProof: (proofAccount) => invoke('getProof', proofAccount),
    listTransactions: (query) => invoke('listTransactions', query),
    getTransaction: (signature) => invoke('getTransaction', signature),
    getSettings: () => invoke('getSettings'),
    updateSettings: (patch) => invoke('updateSettings', patch),
    getConnection: () => invoke('getConnection'),
    getRecentProofs: () => invoke('getRecentProofs'),
    subscribe: (channel) => invoke('subscribe', channel),
    unsubscribe: (channel) => invoke('unsubscribe', channel),
    on,
  } satisfies Bridge
  return bridge
}

/** Every pushed event name, checked against the contract by `satisfies`. */
const EVENT_NAMES = {
  connection: true,
  overview: true,
  proofs: true,
  userProofs: true,
  notifications: true,
  addressTransactions: true,
  problem: true,
} as const satisfies Record<BridgeEventName, true>
