import { describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
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
})
