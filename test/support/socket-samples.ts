/**
 * The reference deployment's recorded socket messages through the frame and
 * event decoders, as cases of the wire-samples test (used by tests only).
 */
import { expect } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import {
  decodeAddressTransaction,
  decodeNotification,
  decodeProofSummary,
  decodeServerFrame,
  decodeStatsEvent,
  type ServerFrame,
} from '../../src/main/core/indexer/decode'
import { frameText } from './wire-sample-files'

function expectDecodeError(run: () => unknown): ProofWatchError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ProofWatchError)
    expect((error as ProofWatchError).code).toBe('DECODE')
    return error as ProofWatchError
  }
  throw new Error('expected a DECODE error')
}

/** Messages decoded whole: each sample file and the frame it holds. */
const WHOLE_FRAMES: Record<string, ServerFrame> = {
  'ws-welcome-anonymous.json': { kind: 'welcome', authenticated: false },
  'ws-welcome-authenticated.json': { kind: 'welcome', authenticated: true },
  'ws-subscribed.json': { kind: 'subscribed', channel: 'stats' },
  'ws-subscribed-user-notifications.json': { kind: 'subscribed', channel: 'user:notifications' },
  'ws-error-11th-subscription.json': { kind: 'error', message: 'Subscription limit reached', channel: null },
  'ws-error-bad-channel.json': { kind: 'error', message: 'Channel not allowed: bogus:channel', channel: 'bogus:channel' },
  'ws-error-invalid-json.json': { kind: 'error', message: 'Invalid JSON', channel: null },
}

export const SOCKET_CASES: Record<string, () => void> = {
  ...Object.fromEntries(
    Object.entries(WHOLE_FRAMES).map(([name, frame]) => [name, () => expect(decodeServerFrame(frameText(name))).toEqual(frame)]),
  ),
  'ws-error-proofs-circuit-channel.json': () => {
    expect(decodeServerFrame(frameText('ws-error-proofs-circuit-channel.json'))).toMatchObject({
      kind: 'error',
      channel: 'proofs:circuit:1',
    })
  },
  'ws-error-user-channel-unauthenticated.json': () => {
    expect(decodeServerFrame(frameText('ws-error-user-channel-unauthenticated.json'))).toMatchObject({
      kind: 'error',
      channel: 'user:notifications',
    })
  },
  'ws-event-stats.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-stats.json'))
    expect(frame).toMatchObject({ kind: 'event', channel: 'stats' })
    if (frame.kind !== 'event') throw new Error('not an event')
    expect(decodeStatsEvent(frame.data, 5)).toMatchObject({
      tps: 3982.2,
      slot: '356511226',
      totalProofs: '300',
      proofs24h: '45',
      avgVerifyTimeMs: 515,
      activeUsers24h: '9',
      rpcLatencyMs: 42,
      status: null,
      observedAt: Date.parse('2026-11-21T21:14:50.658Z'),
      extra: {},
    })
  },
  'ws-event-proofs.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-proofs.json'))
    if (frame.kind !== 'event') throw new Error('not an event')
    expect(frame.channel).toBe('proofs')
    expect(decodeProofSummary(frame.data)).toEqual({
      proofAccount: 'BrzybSVsHeD5j5L1L1Kkre1RFzn4JTSpkXaMC7ndK8mH',
      authority: '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr',
      circuitId: '4',
      proofType: 'MEMBERSHIP',
      slot: '356511227',
      raw: frame.data,
      extra: {},
    })
  },
  'ws-event-user-proofs.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-user-proofs.json'))
    if (frame.kind !== 'event') throw new Error('not an event')
    expect(frame.channel).toBe('user:proofs')
    expect(decodeProofSummary(frame.data).slot).toBe('356511227')
  },
  'ws-event-user-notifications.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-user-notifications.json'))
    if (frame.kind !== 'event') throw new Error('not an event')
    expect(frame.channel).toBe('user:notifications')
    expect(decodeNotification(frame.data, 77)).toMatchObject({
      id: 'c6682137fcc2f6264fc44f2a9',
      kind: 'PROOF_REVOKED',
      title: 'Proof revoked',
      body: 'A custom_circuit proof changed state',
      receivedAt: 77,
      extra: {},
    })
  },
  'ws-event-address-txs.json': () => {
    const frame = decodeServerFrame(frameText('ws-event-address-txs.json'))
    if (frame.kind !== 'event') throw new Error('not an event')
    const pushed = decodeAddressTransaction(frame.channel, frame.data)
    expect(pushed.address).toBe('8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr')
    expect(pushed.transaction).toMatchObject({
      signature: '5PeXPtgRBocn8caZ66E3LziWxEiYdsNaRiTNUqE5BpznLKHd6GEbaxPztvwJABurxT6VuWi465Qd73YXhK7XN4kM',
      slot: '356511228',
      fee: '5000',
      status: 'SUCCESS',
      blockTime: Date.parse('2026-11-21T21:14:50.683Z'),
    })
  },
  // Observations, not frames: the decoder must refuse them rather than guess.
  'ws-duplicate-subscribe-reply.json': () => {
    expect(expectDecodeError(() => decodeServerFrame(frameText('ws-duplicate-subscribe-reply.json'))).received).toContain(
      '"observed"',
    )
  },
  'ws-unsubscribe-reply.json': () => {
    expectDecodeError(() => decodeServerFrame(frameText('ws-unsubscribe-reply.json')))
  },
  'ws-idle-timeout-close.json': () => {
    expectDecodeError(() => decodeServerFrame(frameText('ws-idle-timeout-close.json')))
  },
}
