/**
 * Every inbound socket frame passes here: size check, text check, decoding.
 * A frame that fails is counted and reported, and the socket carries on; a
 * burst of bad frames is reported a few times per window and counted in full.
 */
import type { RawData } from 'ws'
import type { ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { decodeServerFrame, type ServerFrame } from '../indexer/decode'

export interface FrameCounters {
  /** Message frames received (pings and pongs are not counted). */
  framesReceived: number
  /** Binary, not JSON, not an object, or missing what its type needs. */
  malformed: number
  /** Larger than the frame size limit. */
  oversized: number
  /** Well formed but not expected: an event or acknowledgement for a channel not held. */
  unknown: number
}

export function emptyFrameCounters(): FrameCounters {
  return { framesReceived: 0, malformed: 0, oversized: 0, unknown: 0 }
}

export interface FrameInboxOptions {
  maxFrameBytes: number
  report: (problem: ErrorInfo) => void
  /** A frame was dropped and counted, reported or not (the counters moved). */
  onDropped?: () => void
  /** Problems reported in full per window; the rest are only counted. Default 5. */
  reportsPerWindow?: number
  /** Default 60_000. */
  reportWindowMs?: number
  now?: () => number
}

/** What arrived, as text for the problem report (start only). */
const SNIPPET_CHARS = 200

export class FrameInbox {
  readonly counters = emptyFrameCounters()
  private windowStart = -Infinity
  private reportedInWindow = 0
  private suppressed = 0
  private readonly now: () => number

  constructor(private readonly options: FrameInboxOptions) {
    this.now = options.now ?? Date.now
  }

  /** The decoded frame, or null when it was dropped (counted and reported). */
  accept(data: RawData, isBinary: boolean): ServerFrame | null {
    this.counters.framesReceived++
    const size = byteLength(data)
    if (size > this.options.maxFrameBytes) {
      this.counters.oversized++
      this.options.onDropped?.()
      this.problem({ code: 'DECODE', message: `Oversized socket frame dropped: ${size} bytes, the limit is ${this.options.maxFrameBytes}` })
      return null
    }
    if (isBinary) {
      this.counters.malformed++
      this.options.onDropped?.()
      this.problem({ code: 'DECODE', message: `Unreadable socket frame: binary data (${size} bytes), expected JSON text` })
      return null
    }
    const text = toText(data)
    try {
      return decodeServerFrame(text)
    } catch (error) {
      this.counters.malformed++
      this.options.onDropped?.()
      const info = toErrorInfo(error)
      this.problem({ ...info, message: `Unreadable socket frame: ${info.message}`, received: text.slice(0, SNIPPET_CHARS) })
      return null
    }
  }

  /** A well-formed frame nobody expected. */
  unknown(message: string, text?: string): void {
    this.counters.unknown++
    this.options.onDropped?.()
    const problem: ErrorInfo = { code: 'DECODE', message: `Unexpected socket frame: ${message}` }
    if (text !== undefined) problem.received = text.slice(0, SNIPPET_CHARS)
    this.problem(problem)
  }

  /** The socket library refused a frame above its hard limit (the connection closes). */
  oversizedBeyondHardLimit(message: string): void {
    this.counters.oversized++
    this.options.onDropped?.()
    this.problem({ code: 'DECODE', message: `Oversized socket frame: ${message}; reconnecting`, retryable: true })
  }

  private problem(problem: ErrorInfo): void {
    const now = this.now()
    const windowMs = this.options.reportWindowMs ?? 60_000
    if (now - this.windowStart >= windowMs) {
      this.windowStart = now
      this.reportedInWindow = 0
    }
    if (this.reportedInWindow >= (this.options.reportsPerWindow ?? 5)) {
      this.suppressed++
      return
    }
    this.reportedInWindow++
    if (this.suppressed > 0) {
      problem = { ...problem, message: `${problem.message} (${this.suppressed} similar problems before this one were only counted)` }
      this.suppressed = 0
    }
    this.options.report(problem)
  }
}

function byteLength(data: RawData): number {
  if (Array.isArray(data)) return data.reduce((total, part) => total + part.length, 0)
  return data instanceof ArrayBuffer ? data.byteLength : data.length
}

function toText(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8')
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8')
  return data.toString('utf8')
}
