import { describe, expect, it } from 'vitest'
import { UnreadTracker } from './unread'

describe('UnreadTracker', () => {
  it('counts each key once until it is read', () => {
    const unread = new UnreadTracker()
    expect(unread.add('notification:1')).toBe(true)
    expect(unread.add('notification:1')).toBe(false)
    unread.add('transaction:S')
    expect(unread.count).toBe(2)
    expect(unread.markRead(['notification:1', 'notification:9'])).toBe(1)
    expect(unread.markAllRead()).toBe(1)
    expect(unread.count).toBe(0)
  })

  it('forgets the oldest past its capacity, so a flood caps the count and the memory', () => {
    const unread = new UnreadTracker(3)
    for (const key of ['a', 'b', 'c', 'd']) unread.add(key)
    expect(unread.count).toBe(3)
    expect(unread.markRead(['a'])).toBe(0)
    expect(unread.markRead(['d'])).toBe(1)
  })
})
