import { describe, expect, it } from 'vitest'
import { address, makeFollowedCircuit, makeWatchedAddress } from '@test/support/renderer/workspace-fixtures'
import { addressRow, circuitRow, unreadText } from './watch-row'

describe('watch rows', () => {
  it('shows an address by its pubkey, its channel and its last transaction', () => {
    const row = addressRow(makeWatchedAddress(1, { lastSignature: 'sig1' }), 2)
    expect(row).toMatchObject({ id: address(1), key: `address:${address(1)}`, channel: `address:${address(1)}:txs`, unread: 2 })
    expect(row.polledReason).toBeNull()
    expect(row.last).toEqual({ value: 'sig1', to: { name: 'transaction', params: { signature: 'sig1' } } })
    expect(addressRow(makeWatchedAddress(2, { lastSignature: null })).last).toBeNull()
  })

  it('says why a circuit is polled, in the indexer’s words or ours', () => {
    expect(circuitRow(makeFollowedCircuit('c1', { mode: 'live', modeReason: null })).polledReason).toBeNull()
    expect(circuitRow(makeFollowedCircuit('c1', { mode: 'polled', modeReason: 'Channel not allowed' })).polledReason).toBe('Channel not allowed')
    expect(circuitRow(makeFollowedCircuit('c1', { mode: 'polled', modeReason: null })).polledReason).toBe(
      'The indexer does not stream this circuit',
    )
    const row = circuitRow(makeFollowedCircuit('c1', { lastProofAccount: 'P1' }))
    expect(row).toMatchObject({ id: 'c1', key: 'circuit:c1', channel: 'proofs:circuit:c1' })
    expect(row.last).toEqual({ value: 'P1', to: { name: 'proof', params: { account: 'P1' } } })
  })

  it('counts unread activity', () => {
    expect(unreadText(3)).toBe('3 unread')
  })
})
