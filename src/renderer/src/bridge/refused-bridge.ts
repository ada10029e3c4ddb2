import type { Bridge, BridgeMethods } from '@shared/bridge'
import { BRIDGE_METHOD_NAMES } from '@shared/bridge'
import type { ProofWatchError } from '@shared/errors'

/** A bridge that connects nowhere: every request rejects at once with `error`, and no event ever comes. */
export function createRefusedBridge(error: ProofWatchError): Bridge {
  const methods = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((method) => [method, () => Promise.reject(error)]),
  ) as unknown as BridgeMethods
  return {
    ...methods,
    on: () => () => {},
  }
}
