import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { SIGNED_OUT_STATE, type AuthState } from '@shared/auth'
import { mountView } from '@test/support/renderer/mount-view'
import SignedOutBanner from '@renderer/components/SignedOutBanner.vue'
import AccountSection from './AccountSection.vue'

const SIGNED_IN: AuthState = {
  ...SIGNED_OUT_STATE,
  available: 'yes',
  status: 'signed-in',
  user: { pubkey: 'BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL', displayName: 'ref_tester', role: 'USER', email: null },
  expiresAt: Date.parse('2026-12-01T18:35:30Z'),
}

const WAITING: AuthState = {
  ...SIGNED_OUT_STATE,
  available: 'yes',
  confirmation: {
    id: 'c1',
    pubkey: 'BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL',
    message: 'localhost:3001 wants you to sign in with your Solana account:\nBxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL\n\nSign in.',
    domain: 'localhost:3001',
    previousDomain: null,
    expiresAt: Date.parse('2026-12-01T18:40:30Z'),
  },
}

describe('AccountSection', () => {
  it('offers both ways to sign in, and shows who and until when once signed in, with Sign out', async () => {
    const { wrapper, bridge } = await mountView(AccountSection, '/settings', (fake) => {
      fake.handle('getAuth', () => ({ ...SIGNED_OUT_STATE, available: 'yes' }))
      fake.handle('getAppInfo', () => ({ platform: 'browser', version: '1', dataDir: null, logFile: null, secrets: { encrypted: false, warning: null } }))
      fake.handle('signInWithKeypair', () => WAITING)
      fake.handle('confirmSignIn', () => SIGNED_IN)
      fake.handle('signOut', () => SIGNED_OUT_STATE)
    })
    await flushPromises()
    expect(wrapper.find('[data-testid="sign-in-wallet"]').exists()).toBe(true)
    await wrapper.get('[data-testid="keypair-path"]').setValue('~/.config/solana/id.json')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    // Nothing is signed yet: the exact message is shown, its domain highlighted.
    expect(wrapper.find('[data-testid="signed-in"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="sign-in-domain"]').text()).toBe('localhost:3001')
    expect(wrapper.get('[data-testid="sign-in-message"]').text()).toBe(WAITING.confirmation!.message)
    expect(wrapper.find('[data-testid="sign-in-domain-changed"]').exists()).toBe(false)
    await wrapper.get('[data-testid="sign-in-confirm-yes"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('confirmSignIn')).toEqual([['c1', true]])
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

  it('says plainly that the sign-in domain changed, and Cancel signs nothing', async () => {
    const changed: AuthState = { ...WAITING, confirmation: { ...WAITING.confirmation!, domain: 'login.other.example', previousDomain: 'localhost:3001' } }
    const { wrapper, bridge } = await mountView(AccountSection, '/settings', (fake) => {
      fake.handle('getAuth', () => changed)
      fake.handle('getAppInfo', () => ({ platform: 'browser', version: '1', dataDir: null, logFile: null, secrets: { encrypted: false, warning: null } }))
      fake.handle('confirmSignIn', () => ({ ...SIGNED_OUT_STATE, available: 'yes' }))
    })
    await flushPromises()
    expect(wrapper.get('[data-testid="sign-in-domain-changed"]').text()).toContain('it was localhost:3001')
    await wrapper.get('[data-testid="sign-in-confirm-no"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('confirmSignIn')).toEqual([['c1', false]])
    expect(wrapper.find('[data-testid="sign-in-confirm"]').exists()).toBe(false)
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
