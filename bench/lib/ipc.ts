/**
 * Requests between the benchmark runner and its child processes over Node's
 * IPC channel: `{id, command, args}` in, `{id, result}` or `{id, error}` back;
 * a child may also push `{notice, data}` (progress counts) at any time.
 */
import type { ChildProcess } from 'node:child_process'

type Handler = (args: never) => unknown
export type Handlers = Record<string, Handler>

interface RequestMessage {
  id: number
  command: string
  args: unknown
}
type ReplyMessage = { id: number; result: unknown } | { id: number; error: string }
interface NoticeMessage {
  notice: string
  data: unknown
}

/** In a child: answers the parent's requests with `handlers`; unknown commands are errors. */
export function answerRequests(handlers: Handlers): void {
  if (!process.send) throw new Error('this benchmark child must be started with an IPC channel')
  process.on('message', (message: RequestMessage) => {
    const handler = handlers[message.command]
    const reply = (answer: ReplyMessage) => process.send?.(answer)
    if (!handler) {
      reply({ id: message.id, error: `unknown command ${message.command}` })
      return
    }
    Promise.resolve()
      .then(() => handler(message.args as never))
      .then(
        (result) => reply({ id: message.id, result: result ?? null }),
        (error: unknown) => reply({ id: message.id, error: error instanceof Error ? error.stack ?? error.message : String(error) }),
      )
  })
  // The IPC channel alone must not keep a child alive after the runner is gone.
  process.on('disconnect', () => process.exit(0))
  // An orderly exit, so that a CPU profile asked for (PROOFWATCH_BENCH_PROFILE) is written.
  process.on('SIGTERM', () => process.exit(0))
}

/** In a child: a message the parent did not ask for (progress, a sample). */
export function notifyParent(notice: string, data: unknown): void {
  process.send?.({ notice, data } satisfies NoticeMessage)
}

/** In the runner: the requesting side of a forked child. */
export class ChildChannel {
  private nextId = 1
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  private readonly noticeListeners = new Map<string, Set<(data: unknown) => void>>()

  constructor(
    private readonly child: ChildProcess,
    private readonly name: string,
  ) {
    child.on('message', (message: ReplyMessage | NoticeMessage) => {
      if ('notice' in message) {
        for (const listener of this.noticeListeners.get(message.notice) ?? []) listener(message.data)
        return
      }
      const waiting = this.pending.get(message.id)
      if (!waiting) return
      this.pending.delete(message.id)
      if ('error' in message) waiting.reject(new Error(`${this.name}: ${message.error}`))
      else waiting.resolve(message.result)
    })
    child.on('exit', (code, signal) => {
      const error = new Error(`${this.name} exited (${signal ?? code}) with requests outstanding`)
      for (const waiting of this.pending.values()) waiting.reject(error)
      this.pending.clear()
    })
  }

  request<T>(command: string, args: unknown = null): Promise<T> {
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      // A child that is gone (stopped after a failure) refuses the request instead of crashing the runner.
      if (!this.child.connected) {
        reject(new Error(`${this.name} is not running; ${command} was not sent`))
        return
      }
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      this.child.send({ id, command, args } satisfies RequestMessage, (error) => {
        if (error === null || !this.pending.has(id)) return
        this.pending.delete(id)
        reject(new Error(`${this.name}: ${command} could not be sent: ${error.message}`))
      })
    })
  }

  onNotice(notice: string, listener: (data: unknown) => void): () => void {
    let listeners = this.noticeListeners.get(notice)
    if (!listeners) {
      listeners = new Set()
      this.noticeListeners.set(notice, listeners)
    }
    listeners.add(listener)
    return () => listeners.delete(listener)
  }
}
