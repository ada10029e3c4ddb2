import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { accessRefusedError, NO_TOKEN_MESSAGE, TOKEN_REFUSED_MESSAGE } from '@renderer/bridge/access-refused'
import ErrorPanel from './ErrorPanel.vue'

describe('ErrorPanel', () => {
  it('shows headline, message, status, server code and what arrived', () => {
    const wrapper = mount(ErrorPanel, {
      props: {
        error: { code: 'DECODE', message: 'Unexpected token', status: 200, serverCode: 'X_CODE', received: '<html>' },
      },
    })
    const text = wrapper.text()
    expect(text).toContain('The indexer sent something unreadable')
    expect(text).toContain('Unexpected token')
    expect(text).toContain('HTTP 200')
    expect(text).toContain('X_CODE')
    expect(text).toContain('<html>')
    expect(wrapper.get('[data-testid="error-panel"]').attributes('data-code')).toBe('DECODE')
  })

  it('emits retry from the Retry button', async () => {
    const wrapper = mount(ErrorPanel, { props: { error: { code: 'UNREACHABLE', message: 'down' } } })
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    expect(wrapper.emitted('retry')).toHaveLength(1)
  })

  it('takes a headline from the caller and disables Retry while busy', () => {
    const wrapper = mount(ErrorPanel, {
      props: { error: { code: 'NOT_FOUND', message: 'gone' }, title: 'No proof with this proof account', busy: true },
    })
    expect(wrapper.text()).toContain('No proof with this proof account')
    expect(wrapper.get('[data-testid="retry-button"]').attributes('disabled')).toBeDefined()
  })

  it('offers no Retry for a request that is itself wrong, but says what to check', () => {
    const wrapper = mount(ErrorPanel, {
      props: { error: { code: 'INVALID_ARGUMENT', message: 'pubkey is not base58' }, title: 'This is not a valid public key' },
    })
    expect(wrapper.find('[data-testid="retry-button"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="error-hint"]').text()).toBe('Check the value you entered.')
    expect(wrapper.text()).toContain('This is not a valid public key')
  })

  it('keeps Retry for NOT_FOUND, since an indexer may be behind', () => {
    const wrapper = mount(ErrorPanel, { props: { error: { code: 'NOT_FOUND', message: 'gone' } } })
    expect(wrapper.find('[data-testid="retry-button"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="error-hint"]').exists()).toBe(false)
  })

  it('says a refused page has no access, with the URL advice and nothing about the indexer', () => {
    for (const message of [NO_TOKEN_MESSAGE, TOKEN_REFUSED_MESSAGE]) {
      const wrapper = mount(ErrorPanel, {
        props: { error: accessRefusedError(message).toInfo(), title: 'This is not a valid proof account' },
      })
      expect(wrapper.text()).toContain('This page has no access to ProofWatch')
      expect(wrapper.get('[data-testid="error-message"]').text()).toBe(message)
      expect(wrapper.text()).not.toContain('indexer cannot be reached')
      expect(wrapper.text()).not.toContain('not a valid proof account')
      expect(wrapper.find('[data-testid="retry-button"]').exists()).toBe(false)
      expect(wrapper.find('[data-testid="error-hint"]').exists()).toBe(false)
    }
  })
})
