/** Serve mode in this process, with what the hostile suites need to say it lived, told and leaked nothing. */
import { fileURLToPath } from 'node:url'
import { afterEach, expect } from 'vitest'
import WebSocket from 'ws'
import type { BridgeEvent, SocketReply } from '@shared/bridge'
import type { ErrorInfo } from '@shared/domain'
import { memorySettingsStorage } from '../../src/main/core/config/settings'
import type { Logger } from '../../src/main/core/log/log'
import { createMonitor, type Monitor, type MonitorOptions } from '../../src/main/core/monitor/monitor'
import { startServe, type ServeHandle } from '../../src/main/serve/server'
import { startHostileIndexer, type HostileIndexer } from './hostile-indexer'

/** A built renderer stand-in, an index page and one asset (checked in: serve mode only reads it). */
export function rendererDir(): string {
  return fileURLToPath(new URL('./renderer-stand-in', import.meta.url))
}

export interface RecordingLogger extends Logger {
  lines: string[]
  /** Every line logged since `mark`. */
  since(mark: number): string[]
}

export function recordingLogger(): RecordingLogger {
  const lines: string[] = []
  const record = (level: string) => (message: string, details?: unknown) => {
    let text = ''
    try {
      text = details === undefined ? '' : ` ${JSON.stringify(details)}`
    } catch {
      text = ` ${String(details)}`
    }
    lines.push(`${level} ${message}${text}`)
  }
  return { lines, since: (mark) => lines.slice(mark), info: record('info'), warn: record('warn'), error: record('error') }
}

/**
 * Counts uncaught exceptions and unhandled rejections while a suite runs: a
 * crash in serve mode would end the real process, so each one is a failure
 * (vitest reports them too).
 */
export function watchCrashes(): { crashes: unknown[]; stop(): void } {
  const crashes: unknown[] = []
  const onCrash = (error: unknown) => crashes.push(error)
  process.on('uncaughtException', onCrash)
  process.on('unhandledRejection', onCrash)
  return {
    crashes,
    stop() {
      process.off('uncaughtException', onCrash)
      process.off('unhandledRejection', onCrash)
    },
  }
}

/** A page of ours asks the bridge one thing and gets the answer: serve mode is alive and serving. */
export async function bridgeAnswers(port: number, token: string, method = 'getSettings'): Promise<SocketReply> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}/bridge?token=${token}`, { origin: `http://127.0.0.1:${port}` })
  try {
    return await new Promise<SocketReply>((resolve, reject) => {
      socket.on('message', (data) => {
        const reply = JSON.parse(data.toString()) as SocketReply
        if ('id' in reply && reply.id === 1) resolve(reply)
      })
      socket.once('open', () => socket.send(JSON.stringify({ id: 1, method, args: [] })))
      socket.once('error', reject)
      socket.once('close', (code) => reject(new Error(`bridge closed (${code}) before answering`)))
    })
  } finally {
    socket.removeAllListeners('close')
    socket.on('error', () => {})
    socket.terminate()
  }
}

/** A monitor stand-in whose events the test pushes by hand. */
export function eventSource(): { onEvents(listener: (batch: BridgeEvent[]) => void): () => void; emit(batch: BridgeEvent[]): void } {
  const listeners = new Set<(batch: BridgeEvent[]) => void>()
  return {
    onEvents(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    emit: (batch) => listeners.forEach((listener) => listener(batch)),
  }
}

export interface Page {
  /** Every event pushed to the page so far, in order. */
  events: BridgeEvent[]
  /** The raw text of every message the page received. */
  texts: string[]
  call(method: string, ...args: unknown[]): Promise<SocketReply>
  close(): void
}

/** A page of ours on the bridge: calls methods and keeps every pushed event. */
export function openPage(port: number, token: string): Promise<Page> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}/bridge?token=${token}`, { origin: `http://127.0.0.1:${port}` })
    const events: BridgeEvent[] = []
    const texts: string[] = []
    const waiting = new Map<number, (reply: SocketReply) => void>()
    let nextId = 1
    socket.on('message', (data) => {
      const text = data.toString()
      texts.push(text)
      const reply = JSON.parse(text) as SocketReply
      if ('events' in reply) events.push(...reply.events)
      else waiting.get(reply.id)?.(reply)
    })
    socket.once('error', reject)
    socket.once('open', () =>
      resolve({
        events,
        texts,
        call: (method, ...args) =>
          new Promise<SocketReply>((done, fail) => {
            const id = nextId++
            waiting.set(id, done)
            socket.once('close', (code) => fail(new Error(`bridge closed (${code})`)))
            socket.send(JSON.stringify({ id, method, args }))
          }),
        close: () => {
          socket.on('error', () => {})
          socket.terminate()
        },
      }),
    )
  })
}

/** Serve mode in this process watching a hostile indexer, with a page of ours open on it. */
export interface Watching {
  indexer: HostileIndexer
  monitor: Monitor
  serve: ServeHandle
  page: Page
  log: RecordingLogger
}

/**
 * Registers the afterEach that closes what the returned `watching` starts
 * (the page, serve, the monitor, the indexer). `watching` starts a hostile
 * indexer, lets `prepare` script it, then serve mode launched on it
 * (`credential` for every start) with a page open; `options` (or a function
 * of the indexer) replace the monitor's options.
 */
export function watchingPerTest(credential?: string) {
  const running: Watching[] = []
  afterEach(async () => {
    for (const { page, serve, monitor, indexer } of running.splice(0)) {
      page.close()
      await serve.close()
      await monitor.stop()
      await indexer.close()
    }
  })
  return async function watching(
    prepare: (indexer: HostileIndexer) => void = () => {},
    options: Partial<MonitorOptions> | ((indexer: HostileIndexer) => Partial<MonitorOptions>) = {},
  ): Promise<Watching> {
    const indexer = await startHostileIndexer()
    prepare(indexer)
    const log = recordingLogger()
    const monitor = createMonitor({
      settings: memorySettingsStorage(),
      launch: { indexerUrl: indexer.httpUrl, wsUrl: indexer.wsUrl, ...(credential ? { credential } : {}) },
      historyPath: null,
      log,
      ...(typeof options === 'function' ? options(indexer) : options),
    })
    await monitor.start()
    const serve = await startServe({ monitor, rendererDir: rendererDir(), port: 0, log })
    const page = await openPage(serve.port, serve.token)
    const watched = { indexer, monitor, serve, page, log }
    running.push(watched)
    return watched
  }
}

/** The problems among `events`. */
export function problems(events: BridgeEvent[]): ErrorInfo[] {
  return events.filter((e) => e.event === 'problem').map((e) => e.payload as ErrorInfo)
}

/**
 * Runs one hostile input and checks serve mode lived through it: no crash
 * in `crashes` since, and the page still gets an answer. Returns all the
 * page received and the log wrote, for the caller's leak checks.
 */
export async function livesThrough(w: Watching, crashes: unknown[], run: () => Promise<void>): Promise<string> {
  const crashesBefore = crashes.length
  await run()
  const alive = await w.page.call('getAppInfo')
  expect(alive).toMatchObject({ id: expect.any(Number), result: { platform: 'browser' } })
  expect(crashes.slice(crashesBefore)).toEqual([])
  return [...w.page.texts, ...w.log.lines].join('\n')
}
