import { describe, expect, it } from 'vitest'
import { RecentKeys } from './recent-keys'

describe('RecentKeys', () => {
  it('reports a key as new once within its window', () => {
    const keys = new RecentKeys(10)
    expect(keys.add('a')).toBe(true)
    expect(keys.add('a')).toBe(false)
  })

  it('forgets the oldest key beyond its capacity, and never grows past it', () => {
    const keys = new RecentKeys(2)
    keys.add('a')
    keys.add('b')
    keys.add('c')
    expect(keys.size).toBe(2)
    expect(keys.add('b')).toBe(false)
    expect(keys.add('a')).toBe(true)
  })
})
