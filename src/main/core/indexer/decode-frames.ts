/** Messages the server sends on the WebSocket, and the payloads of its events. */
import type { AddressTransaction } from '@shared/domain'
import { decodeFailure, isJsonObject, toBoolean, toText, type JsonObject } from './decode-values'
import { parseJsonText } from './json-text'
import { parseChannel } from './channels'
import { decodeTransaction } from './decode-records'

export type ServerFrame =
  | { kind: 'welcome'; authenticated: boolean | null }
  | { kind: 'subscribed'; channel: string }
  | { kind: 'unsubscribed'; channel: string }
  /** `channel` is the server's, or read from texts like `Channel not allowed: <name>`. */
  | { kind: 'error'; message: string; channel: string | null }
  /** An event: the wire `type` is the channel name. */
  | { kind: 'event'; channel: string; data: unknown }
  | { kind: 'pong' }

const CHANNEL_IN_MESSAGE = /channel not allowed:\s*(\S+)/i

function requireChannel(frame: JsonObject, text: string, type: string): string {
  const channel = toText(frame.channel)
  if (channel === null) throw decodeFailure(`Expected a "${type}" socket message with a channel name`, text)
  return channel
}

function errorFrame(frame: JsonObject): ServerFrame {
  const nested = isJsonObject(frame.error) ? frame.error : undefined
  const message =
    toText(frame.error) ??
    toText(frame.message) ??
    toText(nested?.message) ??
    'The indexer reported a socket error without a message'
  const channel = toText(frame.channel) ?? toText(nested?.channel) ?? CHANNEL_IN_MESSAGE.exec(message)?.[1] ?? null
  return { kind: 'error', message, channel }
}

/** An event as `{ type: <channel>, data }`, `{ type: 'event', channel, data }` or flat fields. */
function eventFrame(frame: JsonObject, type: string | null, text: string): ServerFrame {
  const channel = type === null || type.toLowerCase() === 'event' ? toText(frame.channel) : type
  if (channel === null) {
    throw decodeFailure('Expected a socket message with a "type" (a known message or a channel name)', text)
  }
  if ('data' in frame) return { kind: 'event', channel, data: frame.data }
  const rest = Object.fromEntries(Object.entries(frame).filter(([key]) => key !== 'type' && key !== 'channel'))
  if (Object.keys(rest).length === 0) {
    throw decodeFailure(`Expected a "${channel}" socket message with data`, text)
  }
  return { kind: 'event', channel, data: rest }
}

export function decodeServerFrame(text: string): ServerFrame {
  const frame = parseJsonText(text, 'a socket message')
  if (!isJsonObject(frame)) throw decodeFailure('Expected a socket message as a JSON object', text)
  const type = toText(frame.type)
  switch (type?.toLowerCase()) {
    case 'welcome':
      return { kind: 'welcome', authenticated: toBoolean(frame.authenticated) }
    case 'subscribed':
      return { kind: 'subscribed', channel: requireChannel(frame, text, 'subscribed') }
    case 'unsubscribed':
      return { kind: 'unsubscribed', channel: requireChannel(frame, text, 'unsubscribed') }
    case 'error':
      return errorFrame(frame)
    case 'pong':
      return { kind: 'pong' }
    default:
      return eventFrame(frame, type, text)
  }
}

/** A transaction pushed on `address:{pubkey}:txs`; the address comes from the channel name. */
export function decodeAddressTransaction(channel: string, data: unknown): AddressTransaction {
  const parsed = parseChannel(channel)
  if (parsed.kind !== 'address') {
    throw decodeFailure(`Expected an address:{pubkey}:txs channel, got "${channel}"`, data)
  }
  return { address: parsed.address, transaction: decodeTransaction(data) }
}
