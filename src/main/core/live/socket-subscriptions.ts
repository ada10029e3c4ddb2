/**
 * The channels one socket holds and what the server answered for each:
 * subscribes sent and not answered yet (answers come in order, so an error
 * naming no channel answers the oldest), refusals and why, channels released
 * on a connection whose late frames are expected, and every channel sent
 * again after a welcome. Apart from FeedSocket, which keeps the connection's
 * lifecycle (connect, back off, offline, sleep).
 */
import type { ChannelStatus, ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import { classifyRefusal, refusalProblem, type RefusalReason } from './frame-errors'
import { sendOn, type Connection, type Outstanding } from './feed-connection'

/** A name never subscribed: unsubscribing it is answered by nothing and changes nothing. */
const KEEP_ALIVE_CHANNEL = 'keep-alive'

interface ChannelEntry {
  channel: string
  state: ChannelStatus['state']
  error?: string
  reason?: RefusalReason
}

export interface SubscriptionHooks {
  report(problem: ErrorInfo): void
  /** A frame answered nothing asked: counted as unknown. */
  unknown(description: string): void
  /** A channel's state changed. */
  changed(): void
  /** The server acknowledged `channel` (see FeedSocketOptions.onChannelLive). */
  live(channel: string): void
  /** The server refused `channel`; true: handled, not reported (see FeedSocketOptions.onChannelRefused). */
  refused(channel: string, reason: RefusalReason, message: string): boolean | void
}

export class SocketSubscriptions {
  private readonly entries = new Map<string, ChannelEntry>()

  constructor(
    channels: readonly string[],
    private readonly hooks: SubscriptionHooks,
  ) {
    for (const channel of channels) this.entries.set(channel, { channel, state: 'pending' })
  }

  /** Holds a new channel, subscribed at once on a welcomed connection; false when it is held already. */
  add(channel: string, connection: Connection | null): boolean {
    if (this.entries.has(channel)) return false
    this.entries.set(channel, { channel, state: 'pending' })
    if (connection?.welcomed) {
      connection.released.delete(channel)
      this.sendSubscribe(connection, channel)
    }
    return true
  }

  /** Lets a channel go (its late frames on this connection are expected); false when it was not held. */
  remove(channel: string, connection: Connection | null): boolean {
    const entry = this.entries.get(channel)
    if (!entry) return false
    this.entries.delete(channel)
    if (connection?.welcomed) {
      for (const pending of connection.outstanding) if (pending.channel === channel) pending.dropped = true
      connection.released.add(channel)
      // A refused channel holds nothing on the server.
      if (entry.state !== 'refused') sendOn(connection, { type: 'unsubscribe', channel })
    }
    return true
  }

  has(channel: string): boolean {
    return this.entries.has(channel)
  }

  get size(): number {
    return this.entries.size
  }

  statuses(): ChannelStatus[] {
    return [...this.entries.values()].map((entry) => {
      const status: ChannelStatus = { channel: entry.channel, state: entry.state }
      if (entry.error !== undefined) status.error = entry.error
      if (entry.reason !== undefined) status.reason = entry.reason
      return status
    })
  }

  subscribedCount(): number {
    let count = 0
    for (const entry of this.entries.values()) if (entry.state === 'subscribed') count++
    return count
  }

  /** A new attempt to connect: every channel waits for its answer again, refusals included. */
  resetForAttempt(): void {
    for (const entry of this.entries.values()) {
      entry.state = 'pending'
      delete entry.error
      delete entry.reason
    }
  }

  /** The connection is gone, and with it every subscription; refusals stay shown until asked again. */
  unsubscribeLocally(): void {
    for (const entry of this.entries.values()) if (entry.state === 'subscribed') entry.state = 'pending'
  }

  /** Welcomed: every channel is asked for. */
  subscribeAll(connection: Connection): void {
    for (const channel of this.entries.keys()) this.sendSubscribe(connection, channel)
  }

  /** Subscribes sent before a late welcome may have been dropped: send those again. */
  resubscribePending(connection: Connection): void {
    connection.outstanding = []
    for (const entry of this.entries.values()) if (entry.state === 'pending') this.sendSubscribe(connection, entry.channel)
  }

  acknowledged(connection: Connection, channel: string): void {
    const answered = this.takeOutstanding(connection, channel)
    const entry = this.entries.get(channel)
    if (!entry) {
      if (answered?.dropped || connection.released.has(channel)) return
      this.hooks.unknown(`an acknowledgement for ${channel}, which was not asked for`)
      return
    }
    this.markSubscribed(entry)
  }

  /** An error frame: a refusal of the channel it names, or of the oldest subscribe when it names none. */
  serverError(connection: Connection, message: string, named: string | null): void {
    if (named === KEEP_ALIVE_CHANNEL) return
    let channel: string | null
    if (named !== null) {
      const answered = this.takeOutstanding(connection, named)
      if (!this.entries.has(named) && (answered?.dropped || connection.released.has(named))) return
      channel = named
    } else {
      // No channel named (e.g. `Subscription limit reached`): it answers the oldest subscribe.
      const oldest = connection.outstanding.shift()
      if (oldest?.dropped) return
      channel = oldest?.channel ?? null
    }
    const entry = channel === null ? undefined : this.entries.get(channel)
    if (!entry || channel === null) {
      this.hooks.report({ code: 'SOCKET', message: `Indexer socket: ${message}` })
      return
    }
    const reason = classifyRefusal(channel, message)
    entry.state = 'refused'
    entry.error = message
    entry.reason = reason
    let handled = false
    try {
      handled = this.hooks.refused(channel, reason, message) === true
    } catch (error) {
      this.hooks.report(toErrorInfo(error))
    }
    if (!handled) this.hooks.report(refusalProblem(channel, reason, message))
    this.hooks.changed()
  }

  /** An event came on `channel`: true when it is held (and so to be handed on). */
  eventArrived(connection: Connection, channel: string): boolean {
    const entry = this.entries.get(channel)
    if (!entry) {
      if (!connection.released.has(channel)) this.hooks.unknown(`an event for ${channel}, which is not subscribed`)
      return false
    }
    // An event proves the subscription, for servers that never acknowledge.
    if (entry.state === 'pending') {
      this.takeOutstanding(connection, channel)
      this.markSubscribed(entry)
    }
    return true
  }

  /** Sends a client message the server answers with nothing. */
  keepAlive(connection: Connection): void {
    // A repeated subscribe gets no answer on the reference server and counts as activity;
    // before any channel is acknowledged, unsubscribing a name never subscribed does the same.
    let subscribed: string | undefined
    for (const entry of this.entries.values()) {
      if (entry.state === 'subscribed') {
        subscribed = entry.channel
        break
      }
    }
    if (subscribed !== undefined && connection.welcomed) sendOn(connection, { type: 'subscribe', channel: subscribed })
    else sendOn(connection, { type: 'unsubscribe', channel: KEEP_ALIVE_CHANNEL })
  }

  private markSubscribed(entry: ChannelEntry): void {
    if (entry.state === 'subscribed') return
    entry.state = 'subscribed'
    delete entry.error
    delete entry.reason
    try {
      this.hooks.live(entry.channel)
    } catch (error) {
      this.hooks.report(toErrorInfo(error))
    }
    this.hooks.changed()
  }

  /**
   * Removes the oldest outstanding subscribe for `channel` and every older
   * one: answers come in order, so those were passed over without an answer.
   */
  private takeOutstanding(connection: Connection, channel: string): Outstanding | undefined {
    const index = connection.outstanding.findIndex((o) => o.channel === channel)
    if (index < 0) return undefined
    return connection.outstanding.splice(0, index + 1)[index]
  }

  private sendSubscribe(connection: Connection, channel: string): void {
    if (sendOn(connection, { type: 'subscribe', channel })) connection.outstanding.push({ channel, dropped: false })
  }
}
