/** Error responses: JSON `{ ok: false, code, error }`, other JSON shapes, text or HTML. */
import type { ErrorCode, ErrorInfo } from '@shared/domain'
import { nodeHttp } from '../../runtime/builtins-on-first-use'
import { isJsonObject, receivedSnippet, toText, type JsonObject } from './decode-values'

/** Plain-text messages longer than this are cut; the UI shows one line. */
const MAX_TEXT_MESSAGE = 300

export interface ServerErrorFields {
  serverCode?: string
  message?: string
}

/** The server's code and message from an error object, in the shapes servers commonly use. */
export function serverErrorFields(body: JsonObject): ServerErrorFields {
  const fields: ServerErrorFields = {}
  const nested = isJsonObject(body.error) ? body.error : undefined
  const code = toText(body.code) ?? toText(nested?.code)
  const message = toText(body.error) ?? toText(body.message) ?? toText(nested?.message)
  if (code !== null) fields.serverCode = code
  if (message !== null) fields.message = message
  return fields
}

function codeForStatus(status: number): ErrorCode {
  if (status === 404) return 'NOT_FOUND'
  if (status === 429) return 'RATE_LIMITED'
  return 'HTTP'
}

function statusLine(status: number): string {
  // Read when an error needs it: loading node:http is about 2 ms of a cold start that reads the cache only.
  const reason = nodeHttp().STATUS_CODES[status]
  return reason === undefined ? `HTTP ${status}` : `HTTP ${status} ${reason}`
}

function parseJsonObject(text: string): JsonObject | null {
  const trimmed = text.trim()
  if (!trimmed.startsWith('{')) return null
  try {
    const parsed: unknown = JSON.parse(trimmed)
    return isJsonObject(parsed) ? parsed : null
  } catch {
    return null
  }
}

/** An error response as ErrorInfo: status, the server's code and its message. */
export function decodeErrorBody(status: number, bodyText: string, contentType: string | null): ErrorInfo {
  const info: ErrorInfo = {
    code: codeForStatus(status),
    message: statusLine(status),
    status,
    retryable: status >= 500 || status === 429,
  }
  const json = parseJsonObject(bodyText)
  if (json !== null) {
    const { serverCode, message } = serverErrorFields(json)
    if (serverCode !== undefined) info.serverCode = serverCode
    if (message !== undefined) info.message = message
    else info.received = receivedSnippet(bodyText)
    return info
  }
  const text = bodyText.trim()
  if (text === '') return info
  const isHtml = (contentType ?? '').toLowerCase().includes('html') || /^<(!doctype|html)/i.test(text)
  if (isHtml) {
    info.received = receivedSnippet(text)
    return info
  }
  const oneLine = text.replace(/\s+/g, ' ')
  info.message = oneLine.length > MAX_TEXT_MESSAGE ? oneLine.slice(0, MAX_TEXT_MESSAGE) + '…' : oneLine
  return info
}
