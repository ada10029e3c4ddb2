import { describe, expect, it } from 'vitest'
import type { ChannelStatus } from '@shared/domain'
import type { LiveServiceStatus } from '../live/live-service'
import type { IndexerTarget } from '../session/indexer-target'
import { healthFingerprint, projectConnection } from './connection-projection'

const target: IndexerTarget = {
  profileId: 'p1',
  demo: false,
  httpUrl: 'http://127.0.0.1:1',
  wsUrl: 'ws://127.0.0.1:1/ws',
  credential: { kind: 'bearer', token: 't' } as IndexerTarget['credential'],
  wallet: null,
  signedIn: false,
  pastedCredential: true,
}

function live(channels: ChannelStatus[]): LiveServiceStatus {
  return {
    socket: { state: 'live', reason: null, nextRetryAt: null, since: 5, reconnects: 1, attempts: 0, lastEventAt: 7 } as LiveServiceStatus['socket'],
    channels,
    syncing: [],
    synced: true,
    counters: { events: 3, duplicates: 1, backfilled: 0, droppedFrames: 2 } as LiveServiceStatus['counters'],
    following: [],
  }
}

const http = { state: 'ok', lastOkAt: 9, lastError: null } as const

describe('projectConnection', () => {
  it('says stopped, since when, before any session', () => {
    const state = projectConnection({ session: null, paused: false, stoppedSince: 42 })
    expect(state.socket).toMatchObject({ state: 'stopped', reason: null, since: 42 })
    expect(state.http.state).toBe('unknown')
    expect(state.userChannels).toBe('not-configured')
    expect(state.counters).toEqual({ events: 0, duplicates: 0, malformedFrames: 0 })
  })

  it('says paused over a live socket, but keeps its channels and counters', () => {
    const state = projectConnection({ session: { target, http, live: live([]) }, paused: true, stoppedSince: 42 })
    expect(state.socket).toMatchObject({ state: 'stopped', reason: 'paused', since: 42 })
    expect(state.paused).toBe(true)
    expect(state.counters).toEqual({ events: 3, duplicates: 1, malformedFrames: 2 })
  })

  it('reads the user channels: refused for auth, all subscribed, or still pending', () => {
    const project = (channels: ChannelStatus[]) =>
      projectConnection({ session: { target, http, live: live(channels) }, paused: false, stoppedSince: 0 }).userChannels
    const user = (state: ChannelStatus['state'], reason?: string) => ({ channel: 'user:notifications', state, ...(reason ? { reason } : {}) }) as ChannelStatus
    expect(project([user('refused', 'auth')])).toBe('sign-in-needed')
    expect(project([user('subscribed')])).toBe('ok')
    expect(project([user('subscribed'), { ...user('pending'), channel: 'user:proofs' }])).toBe('pending')
    expect(project([])).toBe('pending')
    expect(projectConnection({ session: { target: { ...target, credential: null }, http, live: live([user('subscribed')]) }, paused: false, stoppedSince: 0 }).userChannels).toBe('not-configured')
  })

  it('changes the health fingerprint with the last event and counters only', () => {
    const a = projectConnection({ session: { target, http, live: live([]) }, paused: false, stoppedSince: 0 })
    const b = projectConnection({ session: { target, http, live: { ...live([]), counters: { ...live([]).counters, events: 4 } } }, paused: false, stoppedSince: 0 })
    expect(healthFingerprint(a)).toBe(healthFingerprint({ ...a, paused: true }))
    expect(healthFingerprint(a)).not.toBe(healthFingerprint(b))
  })
})
