import { afterEach, describe, expect, it } from 'vitest'
import { createFakeBridge } from '@renderer/test-utils/fake-bridge'
import { getBridge, overrideBridge, socketBridgeUrl } from './index'

afterEach(() => {
  overrideBridge(null)
  delete window.proofwatch
})

describe('socketBridgeUrl', () => {
  it('points at /bridge on the page host with the page token', () => {
    expect(socketBridgeUrl({ protocol: 'http:', host: '127.0.0.1:5123', search: '?token=a+b/c' })).toBe(
      'ws://127.0.0.1:5123/bridge?token=a%20b%2Fc',
    )
  })

  it('uses wss on https pages and an empty token when none is given', () => {
    expect(socketBridgeUrl({ protocol: 'https:', host: 'h', search: '' })).toBe('wss://h/bridge?token=')
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
