import { describe, expect, it } from 'vitest'
import type { AccountSyncResult } from '@shared/watchlist'
import { describeAccountSync } from './account-sync'

const NOTHING: AccountSyncResult = { at: 0, addedToAccount: 0, removedFromAccount: 0, addedHere: 0, removedHere: 0, conflicts: [], alreadyThere: 0, error: null }

describe('describeAccountSync', () => {
  it('says there was nothing to change', () => {
    expect(describeAccountSync(NOTHING)).toBe('Already in step: nothing to change.')
  })

  it('says what was added, removed and labelled differently', () => {
    const said = describeAccountSync({
      ...NOTHING,
      addedToAccount: 2,
      removedHere: 1,
      conflicts: [{ pubkey: 'A', label: 'mine', accountLabel: 'theirs' }],
    })
    expect(said).toBe(
      '2 addresses added to your account; 1 address removed here (removed from your account elsewhere); 1 address is labelled differently here and in your account (both labels are shown).',
    )
  })

  it('says why it did not finish, with what it did', () => {
    expect(describeAccountSync({ ...NOTHING, addedHere: 1, error: 'The indexer cannot be reached' })).toBe(
      '1 address from your account added here. Not finished: The indexer cannot be reached',
    )
  })
})
