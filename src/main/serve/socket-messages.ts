/**
 * Replies and event batches as the text the bridge socket sends. Whatever a
 * value holds (a cycle, a BigInt, nesting deep enough to overflow the stack),
 * the page gets a message: the value itself, or an error saying what could
 * not be sent. Nothing here throws.
 */
import type { BridgeEvent, BridgeResponse, SocketReply } from '@shared/bridge'
import type { ErrorInfo } from '@shared/domain'

export interface Serialised {
  text: string
  /** Why something could not be sent as it was, for the log; empty when all of it went. */
  failures: string[]
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function tryStringify(value: unknown): { text: string } | { error: string } {
  try {
    const text = JSON.stringify(value)
    return typeof text === 'string' ? { text } : { error: 'the value has no JSON form' }
  } catch (error) {
    return { error: reason(error) }
  }
}

/** The reply to request `id`; an answer that cannot be serialised becomes an INTERNAL error the page shows. */
export function replyText(id: number, method: string, response: BridgeResponse<unknown>): Serialised {
  const whole = tryStringify({ id, ...response } as SocketReply)
  if ('text' in whole) return { text: whole.text, failures: [] }
  const error: ErrorInfo = { code: 'INTERNAL', message: `The answer to ${method.slice(0, 60)} could not be sent to the page: ${whole.error}` }
  return { text: JSON.stringify({ id, error } satisfies SocketReply), failures: [error.message] }
}

/** A batch of events; an event that cannot be serialised is replaced by a problem event saying so. */
export function eventsText(batch: BridgeEvent[]): Serialised {
  const whole = tryStringify({ events: batch } satisfies SocketReply)
  if ('text' in whole) return { text: whole.text, failures: [] }
  const failures: string[] = []
  const parts = batch.map((event) => {
    const one = tryStringify(event)
    if ('text' in one) return one.text
    const problem: ErrorInfo = { code: 'INTERNAL', message: `An update (${event.event}) could not be sent to the page: ${one.error}` }
    failures.push(problem.message)
    return JSON.stringify({ event: 'problem', payload: problem } satisfies BridgeEvent)
  })
  return { text: `{"events":[${parts.join(',')}]}`, failures }
}
