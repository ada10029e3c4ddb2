import type { Bridge } from '@shared/bridge'
import { createBridge, createListenerRegistry } from '@shared/bridge-client'
import type { ProofWatchError } from '@shared/errors'

/** A bridge that connects nowhere: every request rejects at once with `error`, and no event ever comes. */
export function createRefusedBridge(error: ProofWatchError): Bridge {
  return createBridge(() => Promise.reject(error), createListenerRegistry())
}
