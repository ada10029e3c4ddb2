import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { SIGNED_OUT_STATE, type AuthState } from '@shared/auth'
import { mountView } from '../../../../../test/support/renderer/mount-view'
import SignedOutBanner from '@renderer/components/SignedOutBanner.vue'
import AccountSection from './AccountSection.vue'

const SIGNED_IN: AuthState = {
  ...SIGNED_OUT_STATE,
  available: 'yes',
  status: 'signed-in',
  user: { pubkey: 'BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL', displayName: 'ref_tester', role: 'USER', email: null },
  expiresAt: Date.parse('2026-12-01T18:35:30Z'),
}

describe('AccountSection', () => {
  it('offers both ways to sign in, and shows who and until when once signed in, with Sign out', async () => {
    const { wrapper, bridge } = await mountView(AccountSection, '/settings', (fake) => {
      fake.handle('getAuth', () => ({ ...SIGNED_OUT_STATE, available: 'yes' }))
      fake.handle('getAppInfo', () => ({ platform: 'browser', version: '1', dataDir: null, logFile: null, secrets: { encrypted: false, warning: null } }))
      fake.handle('signInWithKeypair', () => SIGNED_IN)
      fake.handle('signOut', () => SIGNED_OUT_STATE)
    })
    await flushPromises()
    expect(wrapper.find('[data-testid="sign-in-wallet"]').exists()).toBe(true)
    await wrapper.get('[data-testid="keypair-path"]').setValue('~/.config/solana/id.json')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    const shown = wrapper.get('[data-testid="signed-in"]').text()
    expect(shown).toContain('ref_tester')
    expect(shown).toContain('BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL')
    expect(shown).toContain('Until')
    await wrapper.get('[data-testid="sign-out"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="signed-in"]').exists()).toBe(false)
    expect(bridge.callsOf('signInWithKeypair')).toEqual([['~/.config/solana/id.json']])
    expect(bridge.callsOf('signOut')).toHaveLength(1)
  })

  it('says why an indexer without sign-in keeps the pasted credential, and shows no sign-in buttons', async () => {
    const note = 'This indexer has no sign-in (it answered 404 to POST /api/auth/nonce): the pasted credential stays in use.'
    const { wrapper } = await mountView(AccountSection, '/settings', (fake) => {
      fake.handle('getAuth', () => ({ ...SIGNED_OUT_STATE, available: 'no', availabilityNote: note, pastedCredential: true }))
      fake.handle('getAppInfo', () => ({ platform: 'browser', version: '1', dataDir: null, logFile: null, secrets: { encrypted: false, warning: null } }))
    })
    await flushPromises()
    expect(wrapper.get('[data-testid="availability-note"]').text()).toBe(note)
    expect(wrapper.find('[data-testid="sign-in-wallet"]').exists()).toBe(false)
    // Own notifications do arrive: the account does not claim otherwise (issue 23, defect 10).
    expect(wrapper.get('[data-testid="not-signed-in"]').text()).toContain('Your own notifications and proofs arrive through the credential saved for this indexer')
  })
})

describe('SignedOutBanner', () => {
  it('appears when the indexer ends the session, linking to the account settings', async () => {
    const { wrapper, bridge } = await mountView(SignedOutBanner, '/', (fake) => fake.handle('getAuth', () => SIGNED_IN))
    await flushPromises()
    expect(wrapper.find('[data-testid="signed-out-banner"]').exists()).toBe(false)
    bridge.emit('auth', { ...SIGNED_OUT_STATE, status: 'expired', problem: 'Signed out: sign in again' })
    await flushPromises()
    const banner = wrapper.get('[data-testid="signed-out-banner"]')
    expect(banner.text()).toContain('Signed out: sign in again.')
    expect(banner.get('a').attributes('href')).toBe('/settings#settings-account')
  })
})
