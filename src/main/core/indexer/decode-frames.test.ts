import { describe, expect, it } from 'vitest'
import { addressChannel, circuitChannel, decodeAddressTransaction, decodeServerFrame, parseChannel } from './decode'
import { thrown } from '@test/support/caught'

const PUBKEY = '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr'

describe('decodeServerFrame', () => {
  it('reads control messages in any case', () => {
    expect(decodeServerFrame('{"type":"WELCOME"}')).toEqual({ kind: 'welcome', authenticated: null })
    expect(decodeServerFrame('{"type":"unsubscribed","channel":"stats"}')).toEqual({
      kind: 'unsubscribed',
      channel: 'stats',
    })
    expect(decodeServerFrame('{"type":"pong"}')).toEqual({ kind: 'pong' })
  })

  it('reads errors with a channel field, a message field or a nested error', () => {
    expect(decodeServerFrame('{"type":"error","message":"nope","channel":"proofs"}')).toEqual({
      kind: 'error',
      message: 'nope',
      channel: 'proofs',
    })
    expect(decodeServerFrame('{"type":"error","error":{"message":"Channel not allowed: user:proofs"}}')).toEqual({
      kind: 'error',
      message: 'Channel not allowed: user:proofs',
      channel: 'user:proofs',
    })
    expect(decodeServerFrame('{"type":"error"}')).toMatchObject({ kind: 'error', channel: null })
  })

  it('reads events as {type: channel, data}, {type: event, channel, data} or flat fields', () => {
    expect(decodeServerFrame('{"type":"stats","data":{"tps":1}}')).toEqual({
      kind: 'event',
      channel: 'stats',
      data: { tps: 1 },
    })
    expect(decodeServerFrame('{"type":"event","channel":"proofs","data":null}')).toEqual({
      kind: 'event',
      channel: 'proofs',
      data: null,
    })
    expect(decodeServerFrame('{"channel":"proofs","data":{"a":1}}')).toMatchObject({ kind: 'event', channel: 'proofs' })
    expect(decodeServerFrame('{"type":"stats","tps":2}')).toEqual({ kind: 'event', channel: 'stats', data: { tps: 2 } })
  })

  it('keeps integers above 2^53 in event data exact', () => {
    const frame = decodeServerFrame('{"type":"stats","data":{"slot":18446744073709551615}}')
    expect(frame).toEqual({ kind: 'event', channel: 'stats', data: { slot: '18446744073709551615' } })
  })

  it('throws DECODE with what arrived for anything else', () => {
    for (const text of ['not json', '[1,2]', '42', '{"type":"subscribed"}', '{"type":"stats"}', '{"data":{}}', '{}']) {
      const error = thrown(() => decodeServerFrame(text))
      expect(error.code, text).toBe('DECODE')
      expect(error.received, text).toBe(text)
    }
    const long = thrown(() => decodeServerFrame('x'.repeat(5000)))
    expect(long.received?.length).toBeLessThan(210)
  })
})

describe('channels', () => {
  it('builds and parses channel names', () => {
    expect(addressChannel(PUBKEY)).toBe(`address:${PUBKEY}:txs`)
    expect(circuitChannel(4)).toBe('proofs:circuit:4')
    expect(parseChannel(`address:${PUBKEY}:txs`)).toEqual({ kind: 'address', address: PUBKEY })
    expect(parseChannel('proofs:circuit:zk-1')).toEqual({ kind: 'circuit', circuitId: 'zk-1' })
    expect(parseChannel('stats')).toEqual({ kind: 'stats' })
    expect(parseChannel('proofs')).toEqual({ kind: 'proofs' })
    expect(parseChannel('user:notifications')).toEqual({ kind: 'user-notifications' })
    expect(parseChannel('user:proofs')).toEqual({ kind: 'user-proofs' })
    expect(parseChannel('bogus:channel')).toEqual({ kind: 'unknown', name: 'bogus:channel' })
  })

  it('refuses an address that is not base58 of the right length', () => {
    expect(thrown(() => addressChannel('0OIl' + PUBKEY.slice(4))).code).toBe('INVALID_ARGUMENT')
    expect(thrown(() => addressChannel('short')).message).toContain('32–44')
    expect(thrown(() => circuitChannel('  ')).code).toBe('INVALID_ARGUMENT')
  })

  it('reads the address of a pushed transaction from its channel', () => {
    const data = { signature: '5PeXPtgRBocn8caZ66E3LziWxEiYdsNaRiTNUqE5Bpzn', slot: 7 }
    expect(decodeAddressTransaction(`address:${PUBKEY}:txs`, data)).toMatchObject({
      address: PUBKEY,
      transaction: { signature: data.signature, slot: '7' },
    })
    expect(thrown(() => decodeAddressTransaction('stats', data)).code).toBe('DECODE')
  })
})
