import { describe, expect, it } from 'vitest'
import { classifyRefusal, refusalProblem, refusedChannelOf, describeRefusal, isLimitRefusal, userChannelsState } from './frame-errors'

describe('classifyRefusal', () => {
  it('reads the reference texts', () => {
    expect(classifyRefusal('address:abc:txs', 'Subscription limit reached')).toBe('limit')
    expect(classifyRefusal('proofs:circuit:1', 'Channel not allowed: proofs:circuit:1')).toBe('refused')
    // Without a session the reference refuses user channels with the unknown-channel text.
    expect(classifyRefusal('user:notifications', 'Channel not allowed: user:notifications')).toBe('auth')
    expect(classifyRefusal('user:proofs', 'Channel not allowed: user:proofs')).toBe('auth')
  })

  it('reads authentication words from other deployments on any channel', () => {
    for (const text of ['Unauthorized', 'Forbidden', 'session expired', 'authentication required', 'invalid token', 'Please sign in']) {
      expect(classifyRefusal('stats', text)).toBe('auth')
    }
    expect(classifyRefusal('stats', 'Unknown channel')).toBe('refused')
    // Words inside the channel name do not count.
    expect(classifyRefusal('address:TokenSessionLimitReached:txs', 'Channel not allowed: address:TokenSessionLimitReached:txs')).toBe('refused')
    expect(classifyRefusal('address:TokenSession:txs', 'Channel "address:TokenSession:txs" not allowed.')).toBe('refused')
    // A short channel name is not cut out of the words around it.
    expect(classifyRefusal('c', 'Subscription limit reached')).toBe('limit')
  })

  it('knows limit texts in other words', () => {
    expect(isLimitRefusal('Too many subscriptions')).toBe(true)
    expect(isLimitRefusal('limit exceeded')).toBe(true)
    expect(isLimitRefusal('Channel not allowed: x')).toBe(false)
  })

  it('says sign-in needed or expired for auth refusals, with the server words', () => {
    expect(describeRefusal('auth', 'Channel not allowed: user:proofs')).toBe('sign-in needed or expired (the indexer said: Channel not allowed: user:proofs)')
    expect(describeRefusal('refused', 'Nope')).toBe('the indexer refused this channel: Nope')
    expect(describeRefusal('limit', 'Subscription limit reached')).toMatch(/no more channels on this connection/)
  })
})

describe('userChannelsState', () => {
  const stats = { channel: 'stats', state: 'subscribed' } as const
  it('says sign-in needed when a user channel was refused for authentication', () => {
    const refused = { channel: 'user:proofs', state: 'refused', reason: 'auth', error: 'Channel not allowed: user:proofs' } as const
    expect(userChannelsState([stats, refused], true)).toBe('sign-in-needed')
    expect(userChannelsState([stats, refused], false)).toBe('sign-in-needed')
  })

  it('is not configured without a credential, ok when every user channel is subscribed, else pending', () => {
    expect(userChannelsState([stats], false)).toBe('not-configured')
    expect(userChannelsState([stats, { channel: 'user:notifications', state: 'subscribed' }], true)).toBe('ok')
    expect(userChannelsState([stats, { channel: 'user:notifications', state: 'pending' }], true)).toBe('pending')
    expect(userChannelsState([stats], true)).toBe('pending')
  })
})

describe('refusal problems', () => {
  it('name the refused channel so a follower can tell whose refusal it is', () => {
    const problem = refusalProblem('proofs:circuit:7', 'refused', 'Channel not allowed: proofs:circuit:7')
    expect(problem).toMatchObject({ code: 'SOCKET', message: expect.stringContaining('refused this channel') })
    expect(refusedChannelOf(problem)).toBe('proofs:circuit:7')
    expect(refusedChannelOf({ code: 'SOCKET', message: 'Indexer socket: Invalid JSON' })).toBeNull()
    expect(refusedChannelOf({ code: 'HTTP', message: 'Channel x: y' })).toBeNull()
  })
})
