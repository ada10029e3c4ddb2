import type { ChannelStatus, ConnectionState } from '@shared/domain'
import { describeAddressFollowing } from './following'

export type LiveTone = 'ok' | 'busy' | 'bad' | 'muted'

export interface LiveStateView {
  text: string
  tone: LiveTone
  /** The longer story for the tooltip: the server's words, why it is polled. */
  title: string
}

export function addressChannel(pubkey: string): string {
  return `address:${pubkey}:txs`
}

export function circuitChannel(circuitId: string): string {
  return `proofs:circuit:${circuitId}`
}

/**
 * How a watched subject's channel is doing, in words: live, polled,
 * connecting, refused (with the server's text), or down with the socket.
 */
export function describeChannel(connection: ConnectionState | null, channel: string, polledReason: string | null = null, now = Date.now()): LiveStateView {
  const status: ChannelStatus | undefined = connection?.channels.find((entry) => entry.channel === channel)
  if (status?.mode === 'polled' || polledReason !== null) {
    const reason = polledReason ?? status?.error ?? 'The indexer does not stream this channel'
    return { text: 'Polled', tone: 'busy', title: `${reason}; checked over HTTP instead` }
  }
  if (connection === null) return { text: 'Connecting…', tone: 'busy', title: 'Waiting for the connection state' }
  if (connection.paused) return { text: 'Paused', tone: 'muted', title: 'The live feed is paused' }
  const socket = connection.socket.state
  if (socket !== 'live') {
    const text = socket === 'backing-off' ? 'Reconnecting' : socket === 'connecting' ? 'Connecting…' : 'Offline'
    return { text, tone: socket === 'offline' || socket === 'stopped' ? 'bad' : 'busy', title: connection.socket.reason ?? '' }
  }
  // An address channel the indexer accepts but does not push (docs/wire.md) is checked over HTTP: said as such, not "Live".
  const address = /^address:(.+):txs$/.exec(channel)?.[1]
  const following = address === undefined ? null : describeAddressFollowing(connection, address, now)
  if (following && following.text !== 'Live') return { text: following.text, tone: following.tone, title: following.title }
  if (!status) return { text: 'Not subscribed', tone: 'muted', title: 'Main has not asked the indexer for this channel yet' }
  if (status.state === 'subscribed') return { text: 'Live', tone: 'ok', title: 'Transactions arrive as they happen' }
  if (status.state === 'pending') return { text: 'Subscribing…', tone: 'busy', title: 'Waiting for the indexer to confirm' }
  if (status.reason === 'auth') return { text: 'Sign-in needed', tone: 'bad', title: status.error ?? 'The indexer wants a valid credential' }
  return { text: 'Refused', tone: 'bad', title: status.error ?? 'The indexer refused this channel' }
}
