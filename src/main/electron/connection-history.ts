/**
 * The connection's history in the log: one line each time the socket, the
 * HTTP side or a channel changes state, with the reason, not one per event.
 */
import type { ConnectionState } from '@shared/domain'
import type { Logger } from '../core/log/log'

type Snapshot = { socket: string; http: string; paused: boolean; channels: Map<string, string> }

function snapshot(state: ConnectionState): Snapshot {
  return {
    socket: state.socket.state,
    http: state.http.state,
    paused: state.paused === true,
    channels: new Map(state.channels.map((c) => [c.channel, c.error ? `${c.state}: ${c.error}` : c.state])),
  }
}

export class ConnectionHistory {
  private last: Snapshot | null = null

  constructor(private readonly log: Logger) {}

  note(state: ConnectionState): void {
    const next = snapshot(state)
    const last = this.last
    this.last = next
    if (!last || last.socket !== next.socket) {
      const retry = state.socket.nextRetryAt ? { nextRetryAt: new Date(state.socket.nextRetryAt).toISOString() } : {}
      const line = `live feed ${next.socket}${state.socket.reason ? `: ${state.socket.reason}` : ''}`
      const details = { indexer: state.indexer.httpUrl, reconnects: state.socket.reconnects, ...retry }
      if (next.socket === 'live' || next.socket === 'connecting') this.log.info(line, details)
      else this.log.warn(line, details)
    }
    if (last && last.http !== next.http) {
      const error = state.http.lastError
      if (next.http === 'ok') this.log.info('indexer HTTP ok')
      else this.log.warn(`indexer HTTP ${next.http}`, error ? { code: error.code, message: error.message, status: error.status } : undefined)
    }
    if (last && last.paused !== next.paused) this.log.info(next.paused ? 'live feed paused by the user' : 'live feed resumed by the user')
    for (const [channel, channelState] of next.channels) {
      if (last?.channels.get(channel) !== channelState && channelState !== 'pending') this.log.info(`channel ${channel} ${channelState}`)
    }
  }
}
