import { describe, expect, it } from 'vitest'
import { notification } from '@test/support/notify-fixtures'
import { routeForNotification, routeForTarget } from './routes'

describe('routeForTarget', () => {
  it('maps each subject to its view', () => {
    expect(routeForTarget({ kind: 'transaction', id: 'Sig1' })).toBe('/transactions/Sig1')
    expect(routeForTarget({ kind: 'proof', id: 'Acct1' })).toBe('/proofs/Acct1')
    expect(routeForTarget({ kind: 'address', id: 'Addr1' })).toBe('/address/Addr1')
    expect(routeForTarget({ kind: 'circuit', id: 'age' })).toBe('/watchlist?circuit=age')
  })

  it('keeps an id with path or query characters inside its segment', () => {
    expect(routeForTarget({ kind: 'transaction', id: '../settings?x=1#y' })).toBe('/transactions/..%2Fsettings%3Fx%3D1%23y')
    expect(routeForTarget({ kind: 'address', id: 'a&b=c' })).toBe('/address/a%26b%3Dc')
  })
})

describe('routeForNotification', () => {
  it('opens the subject of a notification, else the notification centre', () => {
    expect(routeForNotification(notification('1', { subject: { kind: 'proof', id: 'P' } }))).toBe('/proofs/P')
    expect(routeForNotification(notification('2', { subject: null }))).toBe('/notifications')
    expect(routeForNotification(notification('3'))).toBe('/notifications')
    expect(routeForNotification(notification('4', { subject: { kind: 'wallet', id: 'W' } as never }))).toBe('/notifications')
    expect(routeForNotification(notification('5', { subject: { kind: 'proof', id: '' } }))).toBe('/notifications')
  })
})
