import { describe, expect, it } from 'vitest'
import { badgeFreshness, describeFreshness, offlineReason } from './freshness'

const NOW = Date.UTC(2025, 0, 31, 12, 0, 0)
const MINUTE = 60_000

describe('describeFreshness', () => {
  it('says Live for what pushed events keep current', () => {
    expect(describeFreshness({ source: 'live', fetchedAt: NOW - MINUTE }, NOW, 'en-US')).toMatchObject({ text: 'Live', tone: 'ok' })
  })

  it('says how old fetched and cached data is', () => {
    expect(describeFreshness({ source: 'network', fetchedAt: NOW - 2 * MINUTE }, NOW, 'en-US')).toMatchObject({
      text: 'Updated 2 minutes ago',
      tone: 'neutral',
    })
    const cached = describeFreshness({ source: 'cache', fetchedAt: NOW - 3 * 60 * MINUTE }, NOW, 'en-US')
    expect(cached).toMatchObject({ text: 'Cached 3 hours ago', tone: 'warn' })
    expect(cached.title).toMatch(/^Cached /)
  })

  it('says offline with the age of what is shown, and why in the tooltip', () => {
    const view = describeFreshness(
      { source: 'cache', fetchedAt: NOW - 3 * 60 * MINUTE, offline: { message: 'connect ECONNREFUSED' } },
      NOW,
      'en-US',
    )
    expect(view).toMatchObject({ text: 'Offline — cached 3 hours ago', tone: 'bad' })
    expect(view.title).toContain('connect ECONNREFUSED')
    expect(describeFreshness({ source: 'cache', fetchedAt: null, offline: { message: 'down' } }, NOW).text).toBe(
      'Offline — showing what is saved',
    )
  })

  it('has words for data of unknown age', () => {
    expect(describeFreshness({ source: 'network', fetchedAt: null }, NOW).text).toBe('Updating…')
    expect(describeFreshness({ source: 'cache', fetchedAt: null }, NOW).text).toBe('Cached copy')
  })
})

describe('badgeFreshness', () => {
  it('takes the result\'s own word first', () => {
    expect(
      badgeFreshness({ freshness: { source: 'cache', fetchedAt: 5, offline: { code: 'UNREACHABLE', message: 'down' } }, receivedAt: 9, live: true }),
    ).toEqual({ source: 'cache', fetchedAt: 5, offline: { message: 'down' } })
  })

  it('is offline while the indexer cannot be reached, live while events flow, else as fetched', () => {
    expect(badgeFreshness({ receivedAt: 9, live: true, offline: 'gone' })).toEqual({ source: 'network', fetchedAt: 9, offline: { message: 'gone' } })
    expect(badgeFreshness({ receivedAt: 9, live: true })).toEqual({ source: 'live', fetchedAt: 9 })
    expect(badgeFreshness({ freshness: { source: 'network', fetchedAt: 7 }, receivedAt: 9 })).toEqual({ source: 'network', fetchedAt: 7 })
    expect(badgeFreshness({ receivedAt: null })).toEqual({ source: 'network', fetchedAt: null })
  })
})

describe('offlineReason', () => {
  it('names why the indexer is out of reach, or nothing', () => {
    expect(offlineReason({ httpState: 'ok', error: null, reason: null })).toBeNull()
    expect(offlineReason({ httpState: 'unreachable', error: null, reason: 'connect ECONNREFUSED' })).toBe('connect ECONNREFUSED')
    expect(offlineReason({ httpState: 'unreachable', error: null, reason: null })).toBe('The indexer cannot be reached.')
    expect(offlineReason({ httpState: 'ok', error: { code: 'UNREACHABLE', message: 'ProofWatch cannot be reached.' }, reason: null })).toBe(
      'ProofWatch cannot be reached.',
    )
  })
})

describe('freshness of what is checked over HTTP', () => {
  it('says how often, not Live, and why in the tooltip', () => {
    const view = describeFreshness({ source: 'polled', fetchedAt: NOW - MINUTE, everyMs: 15_000 }, NOW, 'en-US')
    expect(view).toMatchObject({ text: 'Checked every 15 s', tone: 'ok' })
    expect(view.title).toMatch(/^Checked over HTTP every 15 s: this indexer does not push it; last change /)
    expect(badgeFreshness({ receivedAt: NOW, live: true, polledEveryMs: 3_000 })).toEqual({ source: 'polled', fetchedAt: NOW, everyMs: 3_000 })
    expect(badgeFreshness({ receivedAt: NOW, live: true, polledEveryMs: null })).toEqual({ source: 'live', fetchedAt: NOW })
  })
})
