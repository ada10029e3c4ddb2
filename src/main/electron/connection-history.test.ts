import { describe, expect, it } from 'vitest'
import type { ConnectionState } from '@shared/domain'
import { ConnectionHistory } from './connection-history'

function state(socketState: ConnectionState['socket']['state'], patch: Partial<ConnectionState> = {}, reason: string | null = null): ConnectionState {
  return {
    indexer: { demo: false, httpUrl: 'https://indexer.example', wsUrl: 'wss://indexer.example/ws' },
    http: { state: 'ok', lastOkAt: 1, lastError: null },
    socket: { state: socketState, reason, nextRetryAt: socketState === 'backing-off' ? Date.UTC(2026, 10, 21, 9) : null, since: 0, reconnects: 2, lastEventAt: null },
    channels: [],
    ...patch,
  }
}

describe('ConnectionHistory', () => {
  it('logs each change of state once, with the reason and next retry, and nothing for repeats', () => {
    const lines: string[] = []
    const log = { info: (m: string) => lines.push(`info ${m}`), warn: (m: string, d?: unknown) => lines.push(`warn ${m} ${JSON.stringify(d)}`), error() {} }
    const history = new ConnectionHistory(log)
    history.note(state('connecting'))
    history.note(state('live', { channels: [{ channel: 'stats', state: 'subscribed' }] }))
    history.note(state('live', { channels: [{ channel: 'stats', state: 'subscribed' }] }))
    history.note(state('backing-off', { http: { state: 'unreachable', lastOkAt: 1, lastError: { code: 'UNREACHABLE', message: 'connect ECONNREFUSED' } } }, 'closed 1006'))
    history.note(state('live', { paused: true, channels: [{ channel: 'user:proofs', state: 'refused', error: 'Channel not allowed: user:proofs' }] }))
    expect(lines).toEqual([
      'info live feed connecting',
      'info live feed live',
      'info channel stats subscribed',
      'warn live feed backing-off: closed 1006 {"indexer":"https://indexer.example","reconnects":2,"nextRetryAt":"2026-11-21T09:00:00.000Z"}',
      'warn indexer HTTP unreachable {"code":"UNREACHABLE","message":"connect ECONNREFUSED"}',
      'info live feed live',
      'info indexer HTTP ok',
      'info live feed paused by the user',
      'info channel user:proofs refused: Channel not allowed: user:proofs',
    ])
  })
})
