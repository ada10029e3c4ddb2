import { describe, expect, it } from 'vitest'
import { privateText, SOMETHING_HAPPENED, watchlistWords } from './notification-privacy'
import { shortId } from './ids'
import { notificationText } from './notification-text'

const WATCHED = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
const OTHER_KEY = 'Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS'
const SIGNATURE = '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW'

const watchlist = {
  addresses: [
    { pubkey: WATCHED, label: 'Treasury', accountLabel: 'Main vault' },
    { pubkey: OTHER_KEY, label: null, accountLabel: null },
  ],
}
const words = watchlistWords(watchlist as never)

const notices = [
  { title: 'Transaction on Treasury', body: `Failed ${shortId(SIGNATURE)} from ${WATCHED}` },
  { title: `3 transactions on ${shortId(WATCHED)}`, body: 'Main vault paid a fee' },
  { title: 'Balance proof revoked', body: `Proof ${shortId(OTHER_KEY)} by ${OTHER_KEY}; tx ${SIGNATURE}` },
]
const LEAKS = ['Treasury', 'Main vault', WATCHED, OTHER_KEY, SIGNATURE, shortId(WATCHED), shortId(OTHER_KEY), shortId(SIGNATURE)]

describe('privateText', () => {
  it('changes nothing at "Full"', () => {
    for (const notice of notices) expect(privateText(notice, 'full', words)).toBe(notice)
  })

  it('replaces every key, label and name at "No addresses", keeping the rest of the words', () => {
    const hidden = notices.map((notice) => privateText({ ...notice, route: '/x' }, 'noAddresses', words))
    for (const { title, body } of hidden) for (const leak of LEAKS) expect(`${title} ${body}`).not.toContain(leak)
    expect(hidden[0]).toEqual({ title: 'Transaction on a watched address', body: 'Failed (hidden) from a watched address', route: '/x' })
    expect(hidden[1]).toMatchObject({ title: '3 transactions on a watched address', body: 'a watched address paid a fee' })
    expect(hidden[2]!.title).toBe('Balance proof revoked')
  })

  it('says only that something happened at "Something happened"', () => {
    for (const notice of notices) {
      const shown = privateText({ ...notice, route: '/address/x', count: 2 }, 'nothing', words)
      expect(shown).toEqual({ ...SOMETHING_HAPPENED, route: '/address/x', count: 2 })
      expect(shown.title).toBe('ProofWatch')
      expect(shown.body).toBe('Something happened — open ProofWatch to see it')
    }
  })

  it('hides the reason a pop-up gives as its last line as much as its text, and drops it at "Something happened"', () => {
    const notice = { title: 'Transaction on Treasury', body: 'Failed', reason: `because you watch ${shortId(WATCHED)} (Treasury) · rule 'Watched addresses'` }
    const hidden = privateText(notice, 'noAddresses', words)
    for (const leak of LEAKS) expect(notificationText(hidden).body).not.toContain(leak)
    expect(hidden.reason).toBe("because you watch a watched address (a watched address) · rule 'Watched addresses'")
    const nothing = privateText(notice, 'nothing', words)
    expect(nothing).not.toHaveProperty('reason')
    expect(notificationText(nothing)).toEqual(SOMETHING_HAPPENED)
  })
})
