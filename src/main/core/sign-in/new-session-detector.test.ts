import { describe, expect, it } from 'vitest'
import type { AccountSession } from '@shared/account'
import { MAX_REMEMBERED_SESSIONS, NewSessionDetector } from './new-session-detector'

const session = (id: string, createdAt: number, thisApp = false): AccountSession => ({ id, ip: '10.0.0.1', userAgent: 'ua', createdAt, expiresAt: createdAt + 1000, thisApp })

describe('NewSessionDetector', () => {
  it('learns the sessions there at the first read, then reports each later sign-in once', () => {
    const detector = new NewSessionDetector()
    expect(detector.observe([session('app', 100, true), session('old', 50)])).toEqual([])
    const laptop = session('laptop', 200)
    expect(detector.observe([session('app', 100, true), session('old', 50), laptop])).toEqual([laptop])
    expect(detector.observe([session('app', 100, true), session('old', 50), laptop])).toEqual([])
  })

  it('after a restart, reports a session made after the app’s own that was not told before, and not one older than it', () => {
    const detector = new NewSessionDetector(['app', 'told'])
    const phone = session('phone', 300)
    expect(detector.observe([session('app', 100, true), session('told', 150), session('before', 90), phone])).toEqual([phone])
  })

  it('never reports the app’s own session, and remembers a bounded number of ids', () => {
    const detector = new NewSessionDetector()
    detector.observe([])
    expect(detector.observe([session('mine', 10, true)])).toEqual([])
    const many = Array.from({ length: MAX_REMEMBERED_SESSIONS + 50 }, (_, i) => session(`s${i}`, 20 + i))
    expect(detector.observe(many)).toHaveLength(many.length)
    expect(detector.remembered().length).toBe(MAX_REMEMBERED_SESSIONS)
  })
})
