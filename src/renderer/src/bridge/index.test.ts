import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { createFakeBridge } from '@test/support/renderer/fake-bridge'
import { FakeWebSocket } from '@test/support/renderer/fake-websocket'
import { isAccessRefused, NO_TOKEN_MESSAGE } from './access-refused'
import { createPageBridge, getBridge, overrideBridge, pageToken, socketBridgeUrl } from './index'

beforeEach(() => {
  FakeWebSocket.reset()
})

afterEach(() => {
  overrideBridge(null)
  delete window.proofwatch
})

describe('pageToken', () => {
  it('reads the token from the query, and treats a missing or empty one alike', () => {
    expect(pageToken({ search: '?token=a+b/c' })).toBe('a b/c')
    expect(pageToken({ search: '' })).toBeNull()
    expect(pageToken({ search: '?token=' })).toBeNull()
    expect(pageToken({ search: '?other=1' })).toBeNull()
  })
})

describe('socketBridgeUrl', () => {
  it('points at /bridge on the page host with the token', () => {
    expect(socketBridgeUrl({ protocol: 'http:', host: '127.0.0.1:5123' }, 'a b/c')).toBe(
      'ws://127.0.0.1:5123/bridge?token=a%20b%2Fc',
    )
  })

  it('uses wss on https pages', () => {
    expect(socketBridgeUrl({ protocol: 'https:', host: 'h' }, 't')).toBe('wss://h/bridge?token=t')
  })
})

describe('createPageBridge', () => {
  it('connects with the page token', () => {
    createPageBridge({ protocol: 'http:', host: '127.0.0.1:5123', search: '?token=t0k' }, { WebSocket: FakeWebSocket })
    expect(FakeWebSocket.instances.map((socket) => socket.url)).toEqual(['ws://127.0.0.1:5123/bridge?token=t0k'])
  })

  it('does not connect without a token, and every request says which URL to open', async () => {
    const bridge = createPageBridge({ protocol: 'http:', host: '127.0.0.1:5123', search: '' }, { WebSocket: FakeWebSocket })
    expect(FakeWebSocket.instances).toHaveLength(0)
    for (const request of [bridge.getOverview(), bridge.getConnection(), bridge.listProofs({})]) {
      const error: unknown = await request.catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ProofWatchError)
      expect((error as ProofWatchError).code).toBe('ACCESS_REFUSED')
      expect((error as ProofWatchError).message).toBe(NO_TOKEN_MESSAGE)
      expect(isAccessRefused((error as ProofWatchError).toInfo())).toBe(true)
    }
    expect(() => bridge.on('connection', () => {})()).not.toThrow()
  })
})

describe('getBridge', () => {
  it('uses the preload bridge when there is one', () => {
    const preload = createFakeBridge()
    window.proofwatch = preload
    expect(getBridge()).toBe(preload)
  })

  it('returns an override when one is set', () => {
    const fake = createFakeBridge()
    overrideBridge(fake)
    expect(getBridge()).toBe(fake)
  })
})
