import { describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeConnection } from '@test/support/renderer/fixtures'
import { useConnectionStore } from '@renderer/stores/connection'
import ExplorerLink from './ExplorerLink.vue'

describe('ExplorerLink', () => {
  it('asks main to open the explorer page of its subject', async () => {
    const { bridge } = setupStores()
    bridge.handle('openExternal', (subject) => ({ url: `https://explorer.example/tx/${subject.id}`, opened: true }))
    const wrapper = mount(ExplorerLink, { props: { subject: { kind: 'transaction', id: 'Sig1' } } })
    await wrapper.get('[data-testid="explorer-button"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('openExternal')).toEqual([[{ kind: 'transaction', id: 'Sig1' }]])
    expect(wrapper.find('[data-testid="explorer-url"]').exists()).toBe(false)
  })

  it('offers the https address main built when it could not open it, and nothing else', async () => {
    const { bridge } = setupStores()
    bridge.handle('openExternal', () => ({ url: 'https://explorer.example/address/Acct1', opened: false }))
    const wrapper = mount(ExplorerLink, { props: { subject: { kind: 'address', id: 'Acct1' } } })
    await wrapper.get('[data-testid="explorer-button"]').trigger('click')
    await flushPromises()
    const link = wrapper.get('[data-testid="explorer-url"]')
    expect(link.attributes('href')).toBe('https://explorer.example/address/Acct1')
    expect(link.attributes('rel')).toBe('noopener noreferrer')

    bridge.handle('openExternal', () => ({ url: 'javascript:alert(1)', opened: false }))
    await wrapper.get('[data-testid="explorer-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="explorer-url"]').exists()).toBe(false)
  })

  it('says in place when the explorer could not be opened', async () => {
    const { bridge } = setupStores()
    bridge.fail('openExternal', { code: 'INVALID_ARGUMENT', message: 'not an address' })
    const wrapper = mount(ExplorerLink, { props: { subject: { kind: 'address', id: '???' } } })
    await wrapper.get('[data-testid="explorer-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="explorer-error"]').text()).toBe('Could not open the explorer: not an address')
  })

  it('offers no explorer for the demo’s made-up records, and one for a real indexer (issue 23, defect 11)', async () => {
    const { bridge } = setupStores()
    bridge.handle('getConnection', () => makeConnection({ demo: true }))
    await useConnectionStore().start()
    const wrapper = mount(ExplorerLink, { props: { subject: { kind: 'address', id: 'Acct1' } } })
    await flushPromises()
    expect(wrapper.find('[data-testid="explorer-button"]').exists()).toBe(false)
    bridge.emit('connection', makeConnection({ demo: false }))
    await flushPromises()
    expect(wrapper.find('[data-testid="explorer-button"]').exists()).toBe(true)
  })
})
