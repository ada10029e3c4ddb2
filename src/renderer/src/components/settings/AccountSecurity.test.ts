import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { AccountPreferencesState, AccountSessions } from '@shared/account'
import { mountView } from '@test/support/renderer/mount-view'
import AccountSecurity from './AccountSecurity.vue'

const SESSIONS: AccountSessions = {
  available: 'yes',
  checkedAt: Date.parse('2026-11-27T05:05:00Z'),
  problem: null,
  sessions: [
    { id: 'app', ip: '127.0.0.1', userAgent: 'ProofWatch', createdAt: Date.parse('2026-11-27T05:04:40Z'), expiresAt: Date.parse('2026-12-04T05:04:40Z'), thisApp: true },
    { id: 'phone', ip: '10.1.2.3', userAgent: 'PhoneWallet/2.0', createdAt: Date.parse('2026-11-27T05:04:14Z'), expiresAt: Date.parse('2026-12-04T05:04:14Z'), thisApp: false },
  ],
}
const PREFS: AccountPreferencesState = {
  available: 'yes',
  problem: null,
  preferences: { channels: { inApp: true, email: false, push: false }, events: { proofVerified: true, circuitRegistered: false } },
}

describe('AccountSecurity', () => {
  it('lists the sessions with this app marked, ends all others, and changes a preference on the indexer', async () => {
    const { wrapper, bridge } = await mountView(AccountSecurity, '/settings', (fake) => {
      fake.handle('getAccountSessions', () => SESSIONS)
      fake.handle('getAccountPreferences', () => PREFS)
      fake.handle('endAccountSession', () => ({ ...SESSIONS, sessions: SESSIONS.sessions.slice(0, 1) }))
      fake.handle('setAccountPreferences', () => ({ ...PREFS, preferences: { ...PREFS.preferences!, events: { proofVerified: true, circuitRegistered: true } } }))
    })
    await flushPromises()
    expect(wrapper.get('[data-testid="session-this-app"]').text()).toContain('(this app)')
    expect(wrapper.get('[data-testid="session-other"]').text()).toContain('PhoneWallet/2.0')
    // This app's own row has no End button: Sign out ends it.
    expect(wrapper.get('[data-testid="session-this-app"]').find('[data-testid="end-session"]').exists()).toBe(false)
    await wrapper.get('[data-testid="end-other-sessions"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('endAccountSession')).toEqual([['others']])
    expect(wrapper.find('[data-testid="session-other"]').exists()).toBe(false)

    const box = wrapper.get('[data-testid="pref-events-circuitRegistered"]')
    ;(box.element as HTMLInputElement).checked = true
    await box.trigger('change')
    await flushPromises()
    expect(bridge.callsOf('setAccountPreferences')).toEqual([[{ events: { circuitRegistered: true } }]])
    expect((wrapper.get('[data-testid="pref-events-circuitRegistered"]').element as HTMLInputElement).checked).toBe(true)
  })

  it('says when the indexer offers neither', async () => {
    const { wrapper } = await mountView(AccountSecurity, '/settings', (fake) => {
      fake.handle('getAccountSessions', () => ({ available: 'no', sessions: [], checkedAt: null, problem: null }))
      fake.handle('getAccountPreferences', () => ({ available: 'no', preferences: null, problem: null }))
    })
    await flushPromises()
    expect(wrapper.text()).toContain('does not list the account’s sessions')
    expect(wrapper.text()).toContain('has no notification preferences')
  })
})
