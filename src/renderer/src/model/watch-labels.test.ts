import { describe, expect, it } from 'vitest'
import type { WatchedAddress } from '@shared/watchlist'
import { watchLabelsOf } from './watch-labels'

const base: WatchedAddress = { pubkey: 'Hy7JnnvxCBm766tHcey3MsWpijWwVQazEuwc2ULiyQPu', label: null, notify: true, addedAt: 1, lastActivityAt: null, lastSignature: null }

describe('watchLabelsOf', () => {
  it('names nothing for an address not watched, or watched without labels', () => {
    expect(watchLabelsOf(null)).toEqual({ label: null, accountLabel: null })
    expect(watchLabelsOf(base)).toEqual({ label: null, accountLabel: null })
    expect(watchLabelsOf({ ...base, label: '  ', accountLabel: '' })).toEqual({ label: null, accountLabel: null })
  })

  it('gives the account label only where it says something the local one does not', () => {
    expect(watchLabelsOf({ ...base, label: 'Treasury', accountLabel: 'Treasury' })).toEqual({ label: 'Treasury', accountLabel: null })
    expect(watchLabelsOf({ ...base, label: 'Treasury', accountLabel: 'Cold wallet' })).toEqual({ label: 'Treasury', accountLabel: 'Cold wallet' })
    expect(watchLabelsOf({ ...base, label: null, accountLabel: 'Cold wallet' })).toEqual({ label: null, accountLabel: 'Cold wallet' })
  })
})
