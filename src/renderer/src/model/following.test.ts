import { describe, expect, it } from 'vitest'
import type { ChannelFollowing, ConnectionState } from '@shared/domain'
import { allPushed, describeAddressFollowing, describeFollowing } from './following'

const NOW = 1_700_000_000_000
const ADDRESS = '5nrh6VUPWsW3TMbN67R1jdbUPF96urdWxxMXAGJgshmy'

function state(following: ChannelFollowing[]): ConnectionState {
  return { following } as ConnectionState
}

const polledAddresses: ChannelFollowing = {
  kind: 'address',
  how: 'polled',
  intervalMs: 15_000,
  lastCheckAt: NOW - 3_000,
  nextCheckAt: NOW + 12_000,
  reason: 'this indexer does not push it',
  addresses: [{ address: ADDRESS, intervalMs: 3_000, lastCheckAt: NOW - 1_000, nextCheckAt: NOW + 2_000 }],
}

describe('following, in words', () => {
  it('says how a polled kind is followed and why, with the last and next check', () => {
    const described = describeFollowing(polledAddresses, NOW)
    expect(described.line).toBe('Address activity: checked every 15 s (this indexer does not push it)')
    expect(described.text).toBe('Checked every 15 s')
    expect(described.title).toBe('This indexer does not push it; last checked 3 s ago; next check in 12 s')
  })

  it('says Live only for what is pushed, and failing for what fails', () => {
    const pushed: ChannelFollowing = { ...polledAddresses, how: 'pushed', intervalMs: null, reason: 'pushed by this indexer', addresses: [] }
    expect(describeFollowing(pushed, NOW)).toMatchObject({ text: 'Live', line: 'Address activity: live (pushed by this indexer)' })
    expect(describeFollowing({ ...polledAddresses, how: 'failing', reason: 'reading them fails' }, NOW)).toMatchObject({ text: 'Failing', tone: 'bad' })
    expect(allPushed(state([pushed]))).toBe(true)
    expect(allPushed(state([pushed, polledAddresses]))).toBe(false)
  })

  it('gives an open address its own, faster timing', () => {
    expect(describeAddressFollowing(state([polledAddresses]), ADDRESS, NOW)).toMatchObject({ text: 'Checked every 3 s' })
    expect(describeAddressFollowing(state([]), ADDRESS, NOW)).toBeNull()
  })
})
