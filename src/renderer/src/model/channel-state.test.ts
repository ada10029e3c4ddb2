import { describe, expect, it } from 'vitest'
import type { ChannelStatus, SocketState } from '@shared/domain'
import { makeConnection } from '@test/support/renderer/fixtures'
import { describeChannel } from './channel-state'

const CHANNEL = 'address:W1:txs'

function withChannel(status: Partial<ChannelStatus> | null, socket: SocketState = 'live') {
  const connection = makeConnection({ socket, reason: socket === 'live' ? null : 'closed 1006' })
  return { ...connection, channels: status ? [{ channel: CHANNEL, state: 'subscribed' as const, ...status }] : [] }
}

describe('describeChannel', () => {
  it('tells live, pending, refused, sign-in needed and unsubscribed apart', () => {
    expect(describeChannel(withChannel({}), CHANNEL).text).toBe('Live')
    expect(describeChannel(withChannel({ state: 'pending' }), CHANNEL).text).toBe('Subscribing…')
    expect(describeChannel(withChannel({ state: 'refused', error: 'Channel not allowed: x' }), CHANNEL)).toEqual({
      text: 'Refused',
      tone: 'bad',
      title: 'Channel not allowed: x',
    })
    expect(describeChannel(withChannel({ state: 'refused', reason: 'auth' }), CHANNEL).text).toBe('Sign-in needed')
    expect(describeChannel(withChannel(null), CHANNEL).text).toBe('Not subscribed')
  })

  it('says polled whatever the socket does, and follows the socket otherwise', () => {
    expect(describeChannel(withChannel({ mode: 'polled' }, 'offline'), CHANNEL).text).toBe('Polled')
    expect(describeChannel(null, CHANNEL, 'Channel not allowed').title).toBe('Channel not allowed; checked over HTTP instead')
    expect(describeChannel(withChannel({}, 'backing-off'), CHANNEL)).toEqual({ text: 'Reconnecting', tone: 'busy', title: 'closed 1006' })
    expect(describeChannel(withChannel({}, 'offline'), CHANNEL).tone).toBe('bad')
    expect(describeChannel({ ...withChannel({}), paused: true }, CHANNEL).text).toBe('Paused')
    expect(describeChannel(null, CHANNEL).text).toBe('Connecting…')
  })
})

describe('describeChannel on an indexer that does not push address activity', () => {
  it('says how often the address is checked instead of Live, and Live again once it is pushed', () => {
    const NOW = 1_700_000_000_000
    const polled = {
      ...withChannel({}),
      following: [
        {
          kind: 'address' as const,
          how: 'polled' as const,
          intervalMs: 15_000,
          lastCheckAt: NOW - 2_000,
          nextCheckAt: NOW + 13_000,
          reason: 'this indexer does not push it',
          addresses: [{ address: 'W1', intervalMs: 15_000, lastCheckAt: NOW - 2_000, nextCheckAt: NOW + 13_000 }],
        },
      ],
    }
    expect(describeChannel(polled, CHANNEL, null, NOW)).toEqual({
      text: 'Checked every 15 s',
      tone: 'ok',
      title: 'This indexer does not push it; last checked 2 s ago; next check in 13 s',
    })
    const pushed = { ...polled, following: [{ ...polled.following[0]!, how: 'pushed' as const, intervalMs: null, addresses: [] }] }
    expect(describeChannel(pushed, CHANNEL, null, NOW).text).toBe('Live')
    // A socket that is down is said first: nothing is checked while it is.
    expect(describeChannel({ ...polled, socket: { ...polled.socket, state: 'offline' } }, CHANNEL, null, NOW).text).toBe('Offline')
  })
})
