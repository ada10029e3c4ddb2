import type { IpcRenderer, IpcRendererEvent } from 'electron'
import type { Bridge, BridgeMethodName } from '@shared/bridge'
import { EVENTS_CHANNEL, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import { createBridge, createListenerRegistry } from '@shared/bridge-client'
import type { ErrorInfo } from '@shared/domain'
import { isErrorInfo, toErrorInfo } from '@shared/errors'

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
  return { name: 'ProofWatchError', ...toErrorInfo(info), retryable: info.retryable ?? false }
}

/** Unwraps the `{result}|{error}` envelope main answers with. */
function unwrap(method: BridgeMethodName, response: unknown): unknown {
  if (typeof response === 'object' && response !== null) {
    if ('error' in response) {
      const error = (response as { error: unknown }).error
      throw toBridgeRejection(
        isErrorInfo(error) ? error : { code: 'INTERNAL', message: `Malformed error from ${method}` },
      )
    }
    if ('result' in response) return (response as { result: unknown }).result
  }
  throw toBridgeRejection({ code: 'INTERNAL', message: `Malformed answer from ${method}` })
}

/**
 * Builds `window.proofwatch`: one named method per request channel, and `on`
 * for pushed event batches. Main learns the page is ready with the first `on`.
 */
export function createIpcBridge(
  ipc: PreloadIpc,
  report: (message: string, error: unknown) => void = (message, error) => console.error(message, error),
): Bridge {
  async function call(method: BridgeMethodName, args: unknown[]): Promise<unknown> {
    let response: unknown
    try {
      response = await ipc.invoke(IPC_CHANNELS[method], ...args)
    } catch (error) {
      throw toBridgeRejection(toErrorInfo(error))
    }
    return unwrap(method, response)
  }

  let readySent = false
  const onBatch = (_event: IpcRendererEvent, batch: unknown): void => listeners.dispatch(batch)
  const listeners = createListenerRegistry({
    refuse: toBridgeRejection,
    report,
    onFirstListener: () => {
      ipc.on(EVENTS_CHANNEL, onBatch)
      if (!readySent) {
        readySent = true
        ipc.send(READY_CHANNEL)
      }
    },
    onNoListeners: () => ipc.removeListener(EVENTS_CHANNEL, onBatch),
  })

  return createBridge(call, listeners)
}
