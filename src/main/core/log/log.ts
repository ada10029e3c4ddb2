/** The core logs through this; the Electron layer and serve mode decide where lines go. */
export interface Logger {
  info(message: string, details?: unknown): void
  warn(message: string, details?: unknown): void
  error(message: string, details?: unknown): void
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }

/** Log lines go to stderr, so that stdout carries only what a program prints for people and scripts. */
export function consoleLogger(prefix = 'proofwatch', write: (line: string) => void = (l) => process.stderr.write(l + '\n')): Logger {
  const line = (level: string, message: string, details?: unknown) =>
    `${new Date().toISOString()} ${prefix} ${level} ${message}${details === undefined ? '' : ' ' + safeJson(details)}`
  return {
    info: (m, d) => write(line('info', m, d)),
    warn: (m, d) => write(line('warn', m, d)),
    error: (m, d) => write(line('error', m, d)),
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value instanceof Error ? { name: value.name, message: value.message } : value)
  } catch {
    return String(value)
  }
}
