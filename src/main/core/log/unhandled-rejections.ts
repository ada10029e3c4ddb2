import type { Logger } from './log'

/**
 * A promise rejected with nobody to catch it ends Node by default. In serve
 * mode and the app's main process one forgotten `void` somewhere (a storage
 * write on a full disk, say) would then end every page's session, and again
 * at every start while its cause holds: it is logged instead, and the process
 * keeps serving. Uncaught exceptions still end the process, as after one
 * nothing is known about the state it left.
 */
/** One handler per process: a second call (the app's tests start it many times) hands it the newer log. */
const installed = new WeakMap<NodeJS.EventEmitter, { log: Logger; remove(): void }>()

export function logUnhandledRejections(log: Logger, target: NodeJS.EventEmitter = process): () => void {
  const existing = installed.get(target)
  if (existing) {
    existing.log = log
    return existing.remove
  }
  const onRejection = (reason: unknown) => {
    handler.log.error('An unhandled rejection was caught; ProofWatch keeps running', describeReason(reason))
  }
  const handler = {
    log,
    remove() {
      target.off('unhandledRejection', onRejection)
      installed.delete(target)
    },
  }
  installed.set(target, handler)
  target.on('unhandledRejection', onRejection)
  return handler.remove
}

function describeReason(reason: unknown): { name: string; message: string; stack?: string } {
  if (reason instanceof Error) {
    // The first frames say where it came from; the whole stack would flood the log file.
    const stack = reason.stack?.split('\n').slice(1, 6).join('\n')
    return { name: reason.name, message: reason.message, ...(stack ? { stack } : {}) }
  }
  return { name: typeof reason, message: String(reason).slice(0, 500) }
}
