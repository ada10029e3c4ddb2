/** The core logs through this; the Electron layer and serve mode decide where lines go. */
export interface Logger {
  info(message: string, details?: unknown): void
  warn(message: string, details?: unknown): void
  error(message: string, details?: unknown): void
}

export const silentLogger: Logger = { info() {}, warn() {}, error() {} }

export function consoleLogger(prefix = 'proofwatch'): Logger {
  const line = (level: string, message: string, details?: unknown) =>
    `${new Date().toISOString()} ${prefix} ${level} ${message}${details === undefined ? '' : ' ' + safeJson(details)}`
  return {
    info: (m, d) => console.log(line('info', m, d)),
    warn: (m, d) => console.warn(line('warn', m, d)),
    error: (m, d) => console.error(line('error', m, d)),
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value instanceof Error ? { name: value.name, message: value.message } : value)
  } catch {
    return String(value)
  }
}
