import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Page, Proof } from '@shared/domain'
import type { FakeBridge } from '@renderer/test-utils/fake-bridge'
import { makeProof, pagesOf } from '@renderer/test-utils/fixtures'
import { mountView, textsOf } from '@renderer/test-utils/mount-view'
import ProofsView from './ProofsView.vue'

function servePages(bridge: FakeBridge, count: number, size: number): void {
  const pages = pagesOf(
    Array.from({ length: count }, (_, i) => makeProof(i, i === 1 ? { revoked: true } : {})),
    size,
  )
  bridge.handle('listProofs', (query): Page<Proof> => {
    const page = pages.get(query.cursor)
    if (!page) throw new Error(`unexpected cursor ${query.cursor}`)
    return page
  })
}

describe('ProofsView', () => {
  it('lists proofs with their state and loads more until the end', async () => {
    const { wrapper } = await mountView(ProofsView, '/proofs', (bridge) => servePages(bridge, 5, 2))
    expect(wrapper.findAll('[data-testid="proof-row"]')).toHaveLength(2)
    const [first, second] = textsOf(wrapper, 'proof-row')
    expect(first).toContain('Verified')
    expect(first).toContain('Balance')
    expect(first).toContain('Circuit 0')
    expect(second).toContain('Revoked')
    expect(wrapper.get('[data-testid="proofs-total"]').text()).toBe('2 of 5 proofs')

    const loadMore = wrapper.get('[data-testid="proofs-load-more"]')
    await loadMore.trigger('click')
    await flushPromises()
    await loadMore.trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="proof-row"]')).toHaveLength(5)
    expect(wrapper.get('[data-testid="proofs-end"]').text()).toBe('End of list · 5 proofs')
    const button = wrapper.get('[data-testid="proofs-load-more"]')
    expect(button.attributes('hidden')).toBeDefined()
    expect(button.attributes('disabled')).toBeDefined()
  })

  it('reads filters from the route and sends them', async () => {
    const { wrapper, bridge } = await mountView(ProofsView, '/proofs?authority=Auth1&type=AGE', (fake) =>
      servePages(fake, 1, 2),
    )
    expect(bridge.callsOf('listProofs')).toEqual([[{ authority: 'Auth1', type: 'AGE' }]])
    expect((wrapper.get('[data-testid="proofs-filter-authority"]').element as HTMLInputElement).value).toBe('Auth1')
    expect((wrapper.get('[data-testid="proofs-filter-type"]').element as HTMLSelectElement).value).toBe('AGE')
  })

  it('offers every proof type in readable case', async () => {
    const { wrapper } = await mountView(ProofsView, '/proofs', (bridge) => servePages(bridge, 1, 2))
    const options = wrapper.findAll('[data-testid="proofs-filter-type"] option').map((option) => option.text())
    expect(options).toEqual(['All types', 'Balance', 'Ownership', 'Age', 'Membership', 'Custom'])
  })

  it('applies new filters through the route', async () => {
    const { wrapper, router, bridge } = await mountView(ProofsView, '/proofs', (fake) => servePages(fake, 1, 2))
    await wrapper.get('[data-testid="proofs-filter-authority"]').setValue('  Auth2 ')
    await wrapper.get('form').trigger('submit')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ authority: 'Auth2' })
    expect(bridge.callsOf('listProofs').at(-1)).toEqual([{ authority: 'Auth2' }])

    await wrapper.get('[data-testid="proofs-filter-type"]').setValue('MEMBERSHIP')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ authority: 'Auth2', type: 'MEMBERSHIP' })
    expect(bridge.callsOf('listProofs').at(-1)).toEqual([{ authority: 'Auth2', type: 'MEMBERSHIP' }])
  })

  it('opens the detail when a row is clicked', async () => {
    const { wrapper, router } = await mountView(ProofsView, '/proofs', (bridge) => servePages(bridge, 1, 2))
    await wrapper.get('[data-testid="proof-row"]').trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe(`/proofs/${makeProof(0).proofAccount}`)
  })

  it('says so when nothing matches', async () => {
    const { wrapper } = await mountView(ProofsView, '/proofs?type=CUSTOM', (bridge) =>
      bridge.handle('listProofs', () => ({ items: [], nextCursor: null, total: '0' })),
    )
    expect(wrapper.find('[data-testid="proofs-empty"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="proof-row"]').exists()).toBe(false)
  })

  it('shows a failure in place and recovers with Retry', async () => {
    const { wrapper, bridge } = await mountView(ProofsView, '/proofs', (fake) =>
      fake.fail('listProofs', { code: 'HTTP', message: 'Internal error', status: 500, serverCode: 'INTERNAL' }),
    )
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('HTTP 500')
    servePages(bridge, 1, 2)
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="error-panel"]').exists()).toBe(false)
    expect(wrapper.findAll('[data-testid="proof-row"]')).toHaveLength(1)
  })

  it('shows a failed Load more under the rows and retries it', async () => {
    const { wrapper, bridge } = await mountView(ProofsView, '/proofs', (fake) => servePages(fake, 3, 2))
    bridge.fail('listProofs', { code: 'TIMEOUT', message: 'no answer' })
    await wrapper.get('[data-testid="proofs-load-more"]').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="proof-row"]')).toHaveLength(2)
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('no answer')

    servePages(bridge, 3, 2)
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.findAll('[data-testid="proof-row"]')).toHaveLength(3)
    expect(wrapper.find('[data-testid="proofs-end"]').exists()).toBe(true)
  })
})
