/**
 * What a server `error` frame means for a channel. The reference deployment
 * sends bare texts (`Subscription limit reached`, `Channel not allowed: <name>`)
 * with no code, and refuses a user channel without a session with the same
 * text as an unknown channel; these rules turn that into a reason the UI can act on.
 */
import type { ChannelStatus, ErrorInfo, UserChannelsState } from '@shared/domain'
import { parseChannel } from '../indexer/channels'

export type RefusalReason = NonNullable<ChannelStatus['reason']>

const LIMIT_TEXT = /subscription limit|too many (subscriptions|channels)|limit (reached|exceeded)/i
const AUTH_TEXT = /unauthori[sz]ed|unauthenticated|forbidden|not authenticated|authentication|sign[- ]?in|log[- ]?in|session|credential|token|permission/i

/** True for the text a server answers when one connection holds as many channels as it allows. */
export function isLimitRefusal(message: string): boolean {
  return LIMIT_TEXT.test(message)
}

export function isUserChannel(channel: string): boolean {
  const kind = parseChannel(channel).kind
  return kind === 'user-notifications' || kind === 'user-proofs'
}

/**
 * Why `channel` was refused with `message`: `limit` (another socket may take
 * it), `auth` (sign-in needed or expired: any refusal of a user channel,
 * whatever its words), or `refused` (this server will not stream it).
 */
export function classifyRefusal(channel: string, message: string): RefusalReason {
  // The channel's own name (an address may spell "token") says nothing about why.
  const words = message
    .split(/\s+/)
    .filter((word) => word.replace(/^["'`(]+|["'`),.;]+$/g, '') !== channel)
    .join(' ')
  if (isLimitRefusal(words)) return 'limit'
  if (isUserChannel(channel) || AUTH_TEXT.test(words)) return 'auth'
  return 'refused'
}

/** The words the UI shows for a refused channel. */
/** The problem a feed reports when the server refuses a channel; `refusedChannelOf` reads the channel back. */
export function refusalProblem(channel: string, reason: RefusalReason, serverText: string): ErrorInfo {
  return { code: 'SOCKET', message: `Channel ${channel}: ${describeRefusal(reason, serverText)}` }
}

export function refusedChannelOf(problem: ErrorInfo): string | null {
  if (problem.code !== 'SOCKET') return null
  const match = /^Channel (\S+): /.exec(problem.message)
  return match ? match[1]! : null
}

export function describeRefusal(reason: RefusalReason, serverText: string): string {
  switch (reason) {
    case 'auth':
      return `sign-in needed or expired (the indexer said: ${serverText})`
    case 'limit':
      return `the indexer allows no more channels on this connection (${serverText})`
    case 'refused':
      return `the indexer refused this channel: ${serverText}`
  }
}

/**
 * Whether the user's own channels work, for the connection panel: any of
 * them refused for authentication means sign-in needed or expired.
 */
export function userChannelsState(channels: readonly ChannelStatus[], credentialSet: boolean): UserChannelsState {
  const own = channels.filter((status) => isUserChannel(status.channel))
  if (own.some((status) => status.state === 'refused' && status.reason === 'auth')) return 'sign-in-needed'
  if (!credentialSet) return 'not-configured'
  if (own.length > 0 && own.every((status) => status.state === 'subscribed')) return 'ok'
  return 'pending'
}
