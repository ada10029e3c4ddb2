/**
 * The app's log file: `<dataDir>/logs/main.log`, rotated by size into
 * main.1.log … main.<keep>.log, with credentials, cookies and tokens
 * redacted from every line. A write that fails is reported once per kind
 * of failure and never throws into the caller.
 *
 * (electron-log's Node entry works without Electron, but its file registry
 * and write-error listener are shared by the whole process and it keeps one
 * archive; this appender has neither limit.)
 */
import { appendFileSync, renameSync, rmSync, statSync } from 'node:fs'
import { privateFolder } from '../files/private-folder'
import { join } from 'node:path'
import type { ErrorInfo } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import type { Logger } from './log'

export interface FileLoggerOptions {
  /** The folder of the log files; created when missing. */
  dir: string
  fileName?: string
  /** Size at which the file is rotated. */
  maxBytes?: number
  /** How many rotated files are kept. */
  keep?: number
  /** Also writes each line here (the console, in development). */
  echo?: Logger
  /** Told once per kind of write failure (e.g. the disk is full). */
  onError?: (error: ErrorInfo) => void
  /** Redacts what only the caller knows (the credentials in use) from each finished line. */
  redactKnown?: (line: string) => string
  now?: () => number
}

export interface FileLogger extends Logger {
  readonly file: string
  readonly dir: string
  /** Lines that could not be written. */
  readonly failures: number
}

export const REDACTED = '[redacted]'

const SECRET_KEY = /cookie|token|authori[sz]ation|passw(or)?d|secret|credential|session|api[-_]?key|bearer|private[-_]?key/i
const MAX_DEPTH = 6
const MAX_ITEMS = 50
const MAX_TEXT = 4000

/** Secrets inside free text: header lines, `name=value` pairs with a secret-sounding name, credentials in URLs. */
const TEXT_RULES: ReadonlyArray<[RegExp, string]> = [
  // The app's credential notation: `bearer:<token>` here, `cookie:<name>=<value>` with the cookie headers below.
  [/\b(bearer):[^\s"',;]+/gi, `$1:${REDACTED}`],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/g, `$1 ${REDACTED}`],
  [/\b(authorization|cookie|set-cookie|x-api-key)(["']?\s*[:=]\s*["']?)[^\r\n"']+/gi, `$1$2${REDACTED}`],
  [/([?&;\s]|^)([\w-]*(?:session|token|secret|passw(?:or)?d|api[-_]?key|auth)[\w-]*)=[^&;\s"',]+/gi, `$1$2=${REDACTED}`],
  [/\b([a-z][a-z0-9+.-]*:\/\/)[^/\s:@]+(?::[^/\s@]*)?@/gi, `$1${REDACTED}@`],
]

export function redactText(text: string): string {
  const short = text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}… (${text.length} characters)` : text
  return TEXT_RULES.reduce((result, [pattern, replacement]) => result.replace(pattern, replacement), short)
}

/** A copy of `value` safe to log: secret-named fields and secrets in text replaced, size and depth bounded. */
export function redact(value: unknown, depth = 0, seen: WeakSet<object> = new WeakSet()): unknown {
  if (typeof value === 'string') return redactText(value)
  if (typeof value === 'bigint') return value.toString()
  if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`
  if (typeof value !== 'object' || value === null) return value
  if (seen.has(value)) return '[circular]'
  if (depth >= MAX_DEPTH) return '[deeper]'
  seen.add(value)
  if (value instanceof Error) {
    const error: Record<string, unknown> = { name: value.name, message: redactText(value.message) }
    const code = (value as { code?: unknown }).code
    if (code !== undefined) error.code = redact(code, depth + 1, seen)
    if (value.stack) error.stack = redactText(value.stack)
    if (value.cause !== undefined) error.cause = redact(value.cause, depth + 1, seen)
    return error
  }
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((item) => redact(item, depth + 1, seen))
    if (value.length > MAX_ITEMS) items.push(`… ${value.length - MAX_ITEMS} more`)
    return items
  }
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value).slice(0, MAX_ITEMS)) {
    copy[key] = SECRET_KEY.test(key) && item !== null && item !== undefined && item !== false ? REDACTED : redact(item, depth + 1, seen)
  }
  return copy
}

function formatLine(time: number, level: string, message: string, details: unknown): string {
  const text = `${new Date(time).toISOString()} ${level} ${redactText(message).replace(/[\r\n]+/g, ' ')}`
  if (details === undefined) return `${text}\n`
  let json: string
  try {
    json = JSON.stringify(redact(details))
  } catch {
    json = JSON.stringify(String(details))
  }
  return `${text} ${json}\n`
}

export function createFileLogger(options: FileLoggerOptions): FileLogger {
  const dir = options.dir
  const fileName = options.fileName ?? 'main.log'
  const file = join(dir, fileName)
  const maxBytes = options.maxBytes ?? 2 * 1024 * 1024
  const keep = Math.max(1, options.keep ?? 3)
  const now = options.now ?? Date.now
  const reported = new Set<string>()
  let failures = 0

  try {
    privateFolder(dir)
  } catch (error) {
    throw new ProofWatchError(
      { code: 'INTERNAL', message: `Cannot create the log folder ${dir}: ${error instanceof Error ? error.message : String(error)}` },
      { cause: error },
    )
  }
  let size = currentSize(file)

  const archive = (index: number) => join(dir, fileName.replace(/(\.log)?$/, `.${index}$1`))

  function rotate(): void {
    rmSync(archive(keep), { force: true })
    for (let index = keep - 1; index >= 1; index--) renameIfPresent(archive(index), archive(index + 1))
    renameIfPresent(file, archive(1))
    size = 0
  }

  function fail(error: unknown): void {
    failures++
    const code = (error as NodeJS.ErrnoException).code ?? 'UNKNOWN'
    if (reported.has(code)) return
    reported.add(code)
    const info: ErrorInfo = { code: 'INTERNAL', message: `Cannot write the log file ${file}: ${error instanceof Error ? error.message : String(error)}` }
    options.echo?.error(info.message)
    options.onError?.(info)
  }

  function write(level: 'info' | 'warn' | 'error', message: string, details?: unknown): void {
    options.echo?.[level](message, details === undefined ? undefined : redact(details))
    const formatted = formatLine(now(), level, message, details)
    const line = options.redactKnown ? options.redactKnown(formatted) : formatted
    const bytes = Buffer.byteLength(line)
    try {
      if (size > 0 && size + bytes > maxBytes) rotate()
      appendFileSync(file, line, { mode: 0o600 })
      size += bytes
    } catch (error) {
      fail(error)
    }
  }

  return {
    file,
    dir,
    get failures() {
      return failures
    },
    info: (message, details) => write('info', message, details),
    warn: (message, details) => write('warn', message, details),
    error: (message, details) => write('error', message, details),
  }
}

function currentSize(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}

function renameIfPresent(from: string, to: string): void {
  try {
    renameSync(from, to)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
}
