/**
 * A LiveService socket that never touches the network: live once started,
 * down and up again when the test says, and its handlers open so a test can
 * push an event itself (used by tests only).
 */
import type { ChannelStatus } from '@shared/domain'
import type { FeedStatus } from '../../src/main/core/live/feed-socket'
import type { LiveTransport, LiveTransportConfig, LiveTransportHandlers } from '../../src/main/core/live/live-transport'

export class SwitchedTransport implements LiveTransport {
  private status: FeedStatus = { state: 'stopped', reason: null, nextRetryAt: null, since: 0, reconnects: 0, lastEventAt: null }

  constructor(
    private readonly config: LiveTransportConfig,
    readonly handlers: LiveTransportHandlers,
  ) {}

  start(): void {
    this.up()
  }

  up(): void {
    this.status = { ...this.status, state: 'live', reconnects: this.status.reconnects + (this.status.state === 'stopped' ? 0 : 1) }
    this.handlers.onStatus(this.status, this.channels())
    for (const channel of this.config.channels) this.handlers.onChannelLive(channel)
  }

  down(): void {
    this.status = { ...this.status, state: 'backing-off', reason: 'connection lost' }
    this.handlers.onStatus(this.status, this.channels())
  }

  channels(): ChannelStatus[] {
    const state = this.status.state === 'live' ? 'subscribed' : 'pending'
    return this.config.channels.map((channel) => ({ channel, state }))
  }

  current(): FeedStatus {
    return this.status
  }

  stop(): void {}
  subscribe(): void {}
  unsubscribe(): void {}
  reconnectNow(): void {}
}
