/**
 * The page's side of the bridge, whatever carries it (the preload over IPC,
 * the browser transport over a WebSocket, a page that was refused). A
 * transport supplies how one request travels and hands in the event batches
 * it receives; the method table and the listener registry live here once.
 *
 * It is bundled into the sandboxed preload too, so it must import nothing
 * but other files of src/shared: no Node modules, no zod.
 */
import type {
  Bridge,
  BridgeEventName,
  BridgeEvents,
  BridgeMethodName,
  BridgeMethods,
  Unsubscribe,
} from './bridge'
import { BRIDGE_EVENT_NAMES, BRIDGE_METHOD_NAMES } from './bridge'
import type { ErrorInfo } from './domain'
import { ProofWatchError } from './errors'

/** Sends one request; resolves with its result or rejects with what the page should see. */
export type BridgeCall = (method: BridgeMethodName, args: unknown[]) => Promise<unknown>

/** One named method per request, each handing its method name and arguments to `call`. */
export function createBridgeMethods(call: BridgeCall): BridgeMethods {
  const methods = Object.fromEntries(
    BRIDGE_METHOD_NAMES.map((method) => [method, (...args: unknown[]) => call(method, args)]),
  )
  return methods as unknown as BridgeMethods
}

export interface ListenerRegistryOptions {
  /** What `on` throws for a bad argument; a ProofWatchError unless the transport needs another form. */
  refuse?: (info: ErrorInfo) => unknown
  /** Told when a listener throws; the other listeners still get the event. */
  report?: (message: string, error: unknown) => void
  /** Told about a batch that is not a list, or an item in one that names no event. */
  malformed?: (received: unknown) => void
  /** The first subscription was added: a transport may start listening now. */
  onFirstListener?: () => void
  /** The last subscription was removed. */
  onNoListeners?: () => void
}

export interface ListenerRegistry {
  on: Bridge['on']
  /** Hands each `{event, payload}` of a batch to the listeners of its name, in order. */
  dispatch(batch: unknown): void
}

type AnyListener = (payload: never) => void

const KNOWN_EVENTS: ReadonlySet<string> = new Set(BRIDGE_EVENT_NAMES)

function isBridgeEventName(value: unknown): value is BridgeEventName {
  return typeof value === 'string' && KNOWN_EVENTS.has(value)
}

export function createListenerRegistry(options: ListenerRegistryOptions = {}): ListenerRegistry {
  const refuse = options.refuse ?? ((info: ErrorInfo) => new ProofWatchError(info))
  const report = options.report ?? ((message: string, error: unknown) => console.error(message, error))
  // Each subscription is its own entry: the same function added twice is called twice and removed once per unsubscribe.
  const listeners = new Map<BridgeEventName, Set<{ listener: AnyListener }>>()
  let subscriptions = 0

  function on<E extends BridgeEventName>(event: E, listener: (payload: BridgeEvents[E]) => void): Unsubscribe {
    if (!isBridgeEventName(event)) {
      throw refuse({ code: 'INVALID_ARGUMENT', message: `Unknown event ${String(event).slice(0, 60)}` })
    }
    if (typeof listener !== 'function') {
      throw refuse({ code: 'INVALID_ARGUMENT', message: `The listener for ${event} must be a function` })
    }
    const entry = { listener: listener as AnyListener }
    let entries = listeners.get(event)
    if (!entries) listeners.set(event, (entries = new Set()))
    entries.add(entry)
    if (subscriptions++ === 0) options.onFirstListener?.()
    let active = true
    return () => {
      if (!active) return
      active = false
      entries.delete(entry)
      if (entries.size === 0) listeners.delete(event)
      if (--subscriptions === 0) options.onNoListeners?.()
    }
  }

  function deliver(event: BridgeEventName, payload: unknown): void {
    const entries = listeners.get(event)
    if (!entries) return
    // A copy, so a listener that unsubscribes during dispatch does not make another one miss the event.
    for (const entry of [...entries]) {
      try {
        entry.listener(payload as never)
      } catch (error) {
        report(`ProofWatch: a '${event}' listener threw`, error)
      }
    }
  }

  function dispatch(batch: unknown): void {
    if (!Array.isArray(batch)) {
      options.malformed?.(batch)
      return
    }
    for (const item of batch as unknown[]) {
      const event = typeof item === 'object' && item !== null ? (item as { event?: unknown }).event : undefined
      if (typeof event !== 'string') {
        options.malformed?.(item)
        continue
      }
      // A name this page does not know (a newer main) has no listeners: it is skipped.
      if (isBridgeEventName(event)) deliver(event, (item as { payload?: unknown }).payload)
    }
  }

  return { on, dispatch }
}

/** The whole Bridge: requests travel by `call`, events come from `listeners`. */
export function createBridge(call: BridgeCall, listeners: ListenerRegistry): Bridge {
  return { ...createBridgeMethods(call), on: listeners.on }
}
