import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { getActivePinia } from 'pinia'
import type { Page, Proof } from '@shared/domain'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeConnection, makeProof, makeProofSummary } from '@test/support/renderer/fixtures'
import { mountView, textsOf } from '@test/support/renderer/mount-view'
import { layOutGridsInEachTest } from '@test/support/renderer/grid-layout'
import { answerPages } from '@test/support/renderer/paged-answers'
import { useConnectionStore } from '@renderer/stores/connection'
import ProofsView from './ProofsView.vue'
import { settle } from '@test/support/renderer/settle'

function servePages(bridge: FakeBridge, count: number, size: number): void {
  answerPages(bridge, 'listProofs', Array.from({ length: count }, (_, i) => makeProof(i, i === 1 ? { revoked: true } : {})), size)
}

// A list 436 pixels high: ten rows below the header.
layOutGridsInEachTest({ height: 436 })

afterEach(() => {
  vi.useRealTimers()
})

describe('ProofsView', () => {
  it('lists proofs with their state in a grid, and loads more with the button', async () => {
    const { wrapper } = await mountView(ProofsView, '/proofs', (bridge) => servePages(bridge, 90, 40))
    expect(wrapper.findAll('[data-testid="proof-row"]').length).toBeGreaterThanOrEqual(10)
    const [first, second] = textsOf(wrapper, 'proof-row')
    expect(first).toContain('Verified')
    expect(first).toContain('Balance')
    expect(first).toContain('Circuit 0')
    expect(second).toContain('Revoked')
    expect(wrapper.get('[data-testid="proofs-total"]').text()).toBe('40 of 90 proofs')
    expect(wrapper.get('[role="grid"]').attributes('aria-rowcount')).toBe('91')

    await wrapper.get('[data-testid="proofs-load-more"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="proofs-total"]').text()).toBe('80 of 90 proofs')
  })

  it('loads the next page by itself when scrolled near the end, until the end', async () => {
    const { wrapper, bridge } = await mountView(ProofsView, '/proofs', (fake) => servePages(fake, 90, 40))
    const grid = wrapper.get('[role="grid"]')
    ;(grid.element as HTMLElement).scrollTop = 30 * 40
    await grid.trigger('scroll')
    await flushPromises()
    expect(bridge.callsOf('listProofs').map(([query]) => query.cursor)).toEqual([undefined, 'c1'])
    ;(grid.element as HTMLElement).scrollTop = 70 * 40
    await grid.trigger('scroll')
    await flushPromises()
    expect(wrapper.get('[data-testid="proofs-end"]').text()).toBe('End of list · 90 proofs')
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

  it('offers the circuits by name, filters by circuit and state through the route, and says the indexer filtered', async () => {
    const circuits = [
      { id: '1', name: 'balance_proof', proofType: 'BALANCE', description: null },
      { id: '6', name: 'dao_voter_membership', proofType: 'MEMBERSHIP', description: null },
      { id: '7', name: null, proofType: null, description: null },
    ]
    const { wrapper, bridge, router } = await mountView(ProofsView, '/proofs', (fake) => {
      servePages(fake, 1, 2)
      fake.handle('listCircuits', () => ({ circuits, origin: 'indexer' }))
    })
    await flushPromises()
    const options = wrapper.findAll('[data-testid="proofs-filter-circuit"] option').map((option) => [option.attributes('value'), option.text()])
    expect(options).toEqual([['', 'All circuits'], ['1', 'balance_proof'], ['6', 'dao_voter_membership'], ['7', 'Circuit #7']])
    bridge.handle('listProofs', () => ({ items: [makeProof(1, { circuitId: '6', circuitName: null })], nextCursor: null, total: '1' }))
    await wrapper.get('[data-testid="proofs-filter-circuit"]').setValue('6')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ circuit: '6' })
    expect(bridge.callsOf('listProofs').at(-1)).toEqual([{ circuitId: '6' }])
    // The row names the circuit from the list where the record has no name.
    expect(textsOf(wrapper, 'proof-row')[0]).toContain('dao_voter_membership')
    expect(wrapper.get('[data-testid="proofs-filter-note"]').text()).toBe('Filtered by the indexer.')
    await wrapper.get('[data-testid="proofs-filter-state"]').setValue('revoked')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ circuit: '6', state: 'revoked' })
    expect(bridge.callsOf('listProofs').at(-1)).toEqual([{ circuitId: '6', state: 'revoked' }])
  })

  it('says when the state filter was applied here, and when the saved proofs answered', async () => {
    const { wrapper, bridge } = await mountView(ProofsView, '/proofs?state=revoked', (fake) => {
      fake.handle('listProofs', () => ({ items: [makeProof(1, { revoked: true })], nextCursor: 'more', total: null, localFilters: ['state'] }))
      fake.handle('listCircuits', () => ({ circuits: [], origin: 'seen' }))
    })
    expect(wrapper.get('[data-testid="proofs-filter-note"]').text()).toBe('The state filter was applied here, on each page the indexer sent: it has no such filter.')
    bridge.handle('listProofs', () => ({
      items: [],
      nextCursor: null,
      total: null,
      localFilters: ['circuit'],
      freshness: { source: 'cache', fetchedAt: 1 },
    }))
    await wrapper.get('[data-testid="proofs-filter-circuit"]').setValue('')
    await wrapper.get('[data-testid="proofs-filter-authority"]').setValue('')
    await wrapper.get('[data-testid="proofs-filter-apply"]').trigger('submit')
    await flushPromises()
    expect(wrapper.get('[data-testid="proofs-filter-note"]').text()).toBe('Filtered here, on the proofs saved on this computer (this indexer has no list by circuit).')
  })

  it('finds its filters again when the navigation brings it back without a query, but not after Clear', async () => {
    const { wrapper, router, bridge } = await mountView(ProofsView, '/proofs?circuit=6&state=revoked', (fake) => {
      servePages(fake, 1, 2)
      fake.handle('listCircuits', () => ({ circuits: [], origin: 'seen' }))
    })
    wrapper.unmount()
    await router.push('/transactions')
    await router.push('/proofs')
    const again = mount(ProofsView, { global: { plugins: [getActivePinia()!, router] } })
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ circuit: '6', state: 'revoked' })
    expect((again.get('[data-testid="proofs-filter-circuit"]').element as HTMLSelectElement).value).toBe('6')
    expect(bridge.callsOf('listProofs').every(([query]) => query.circuitId === '6' && query.state === 'revoked')).toBe(true)

    await again.get('[data-testid="proofs-clear-filters"], .filters button[type="button"]').trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({})
    again.unmount()
    await router.push('/transactions')
    await router.push('/proofs')
    mount(ProofsView, { global: { plugins: [getActivePinia()!, router] } })
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({})
  })

  it('filters proofs by a preset period, applied at once, and says the date filter was applied here', async () => {
    const { wrapper, router, bridge } = await mountView(ProofsView, '/proofs', (fake) => {
      servePages(fake, 1, 2)
      fake.handle('listCircuits', () => ({ circuits: [], origin: 'seen' }))
    })
    bridge.handle('listProofs', () => ({ items: [makeProof(1)], nextCursor: null, total: null, localFilters: ['date'] }))
    await wrapper.get('[data-testid="proofs-filter-within"]').setValue('1h')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({ within: '1h' })
    const [query] = bridge.callsOf('listProofs').at(-1)!
    expect(Date.now() - Date.parse(query.fromDate!)).toBeGreaterThanOrEqual(3_600_000)
    expect(Date.now() - Date.parse(query.fromDate!)).toBeLessThan(3_600_000 + 61_000)
    expect(wrapper.get('[data-testid="proofs-filter-note"]').text()).toBe('The date filter was applied here, on each page the indexer sent: it has no such filter.')
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

  it('links each circuit name to the Circuits view, without opening the proof', async () => {
    const { wrapper, router } = await mountView(ProofsView, '/proofs', (bridge) => {
      bridge.handle('listProofs', () => ({ items: [makeProof(1, { circuitId: '6', circuitName: 'dao_voter_membership' })], nextCursor: null, total: '1' }))
    })
    const label = wrapper.get('[data-testid="proof-row"] [data-testid="circuit-label"]')
    expect(label.element.tagName).toBe('A')
    expect(label.attributes('href')).toContain('/circuits?id=6')
    await label.trigger('click')
    // The Circuits view is imported when first visited: the navigation ends once it has loaded.
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('circuits'))
    expect(router.currentRoute.value.query).toEqual({ id: '6' })
  })

  it('opens the detail from a click or from the keyboard', async () => {
    const { wrapper, router } = await mountView(ProofsView, '/proofs', (bridge) => servePages(bridge, 3, 5))
    await wrapper.findAll('[data-testid="proof-row"]')[1]?.trigger('click')
    await settle()
    expect(router.currentRoute.value.fullPath).toBe(`/proofs/${makeProof(1).proofAccount}`)

    await router.push('/proofs')
    await flushPromises()
    const grid = wrapper.get('[role="grid"]')
    await grid.trigger('focus')
    await grid.trigger('keydown', { key: 'ArrowDown' })
    await grid.trigger('keydown', { key: 'ArrowDown' })
    await grid.trigger('keydown', { key: 'Enter' })
    await settle()
    expect(router.currentRoute.value.fullPath).toBe(`/proofs/${makeProof(2).proofAccount}`)
  })

  it('explains an empty list, and offers to drop the filters that emptied it', async () => {
    const { wrapper, router } = await mountView(ProofsView, '/proofs?type=CUSTOM', (bridge) =>
      bridge.handle('listProofs', () => ({ items: [], nextCursor: null, total: '0' })),
    )
    expect(wrapper.get('[data-testid="proofs-empty"]').text()).toContain('No proofs match these filters')
    expect(wrapper.find('[data-testid="proof-row"]').exists()).toBe(false)
    await wrapper.get('[data-testid="proofs-clear-filters"]').trigger('click')
    await flushPromises()
    expect(router.currentRoute.value.query).toEqual({})
    expect(wrapper.get('[data-testid="proofs-empty"]').text()).toContain('The indexer has no proofs yet')
    expect(wrapper.find('[data-testid="proofs-clear-filters"]').exists()).toBe(false)
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

  it('shows a failed Load more under the rows, keeps them, and retries it', async () => {
    const { wrapper, bridge } = await mountView(ProofsView, '/proofs', (fake) => servePages(fake, 60, 40))
    bridge.fail('listProofs', { code: 'TIMEOUT', message: 'no answer' })
    await wrapper.get('[data-testid="proofs-load-more"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="proofs-total"]').text()).toBe('40 of 60 proofs')
    expect(wrapper.get('[data-testid="error-panel"]').text()).toContain('no answer')

    servePages(bridge, 60, 40)
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="proofs-total"]').text()).toBe('60 of 60 proofs')
    expect(wrapper.find('[data-testid="proofs-end"]').exists()).toBe(true)
  })

  it('puts announced proofs at the top while shown, and says the list is live', async () => {
    let newest: Proof[] = []
    const { wrapper, bridge } = await mountView(ProofsView, '/proofs', (fake) => {
      fake.handle('getConnection', () => makeConnection())
      fake.handle('listProofs', (query): Page<Proof> =>
        query.cursor ? { items: [], nextCursor: null, total: null } : { items: [...newest, makeProof(1), makeProof(0)], nextCursor: null, total: String(newest.length + 2) },
      )
    })
    await useConnectionStore().start()
    await flushPromises()
    expect(wrapper.get('[data-testid="freshness"]').text()).toBe('Live')

    newest = [makeProof(3), makeProof(2)]
    bridge.emit('proofs', [makeProofSummary(2), makeProofSummary(3)])
    await flushPromises()
    const accounts = wrapper.findAll('[data-testid="proof-row"] a:not([data-testid="circuit-label"])').map((link) => link.attributes('title'))
    expect(accounts).toEqual([3, 2, 1, 0].map((n) => makeProof(n).proofAccount))
    expect(wrapper.get('[data-testid="proofs-total"]').text()).toBe('4 of 4 proofs')
  })

  it('shows a pushed proof at once, says when its full record could not be fetched, and fills it in on Retry', async () => {
    const { wrapper, bridge } = await mountView(ProofsView, '/proofs', (fake) => servePages(fake, 2, 5))
    bridge.fail('listProofs', { code: 'UNREACHABLE', message: 'connect ECONNREFUSED' })
    bridge.emit('proofs', [{ ...makeProofSummary(9), proofType: 'BALANCE' }])
    await flushPromises()
    expect(wrapper.get('[data-testid="list-arrivals"]').text()).toContain('connect ECONNREFUSED')
    const [pushed] = textsOf(wrapper, 'proof-row')
    expect(wrapper.findAll('[data-testid="proof-row"]')).toHaveLength(3)
    expect(wrapper.get('[data-testid="proof-row"] a').attributes('title')).toBe(makeProof(9).proofAccount)
    // What the summary did not say is shown as unknown, not guessed.
    expect(pushed).toContain('Balance')
    expect(pushed).not.toContain('Verified')

    bridge.handle('listProofs', () => ({ items: [makeProof(9), makeProof(0)], nextCursor: null, total: '3' }))
    await wrapper.get('[data-testid="list-arrivals-retry"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="list-arrivals"]').exists()).toBe(false)
    expect(wrapper.findAll('[data-testid="proof-row"]')).toHaveLength(3)
    expect(textsOf(wrapper, 'proof-row')[0]).toContain('Verified')
  })

  it('keeps the rows being read in place while pushed proofs arrive and their records fill in, and offers the new ones', async () => {
    vi.useFakeTimers()
    const { wrapper, bridge } = await mountView(ProofsView, '/proofs', (fake) => servePages(fake, 40, 40))
    const grid = wrapper.get('[role="grid"]')
    const element = grid.element as HTMLElement
    element.scrollTop = 10 * 40
    await grid.trigger('scroll')
    await flushPromises()
    // The row at the top of the view: rows are 40 px, aria-rowindex counts the header as 1.
    const rowAtTop = () => {
      const index = String(Math.floor(element.scrollTop / 40) + 2)
      return wrapper.findAll('[data-testid="proof-row"]').find((row) => row.attributes('aria-rowindex') === index)?.get('a').attributes('title')
    }
    expect(rowAtTop()).toBe(makeProof(10).proofAccount)

    const newest = [makeProof(101), makeProof(100)]
    bridge.handle('listProofs', () => ({ items: [...newest, makeProof(0)], nextCursor: null, total: '42' }))
    bridge.emit('proofs', [100, 101].map((n) => ({ ...makeProofSummary(n), proofType: 'BALANCE' as const })))
    await flushPromises()
    expect(element.scrollTop).toBe(12 * 40)
    expect(wrapper.get('[data-testid="list-new-above"]').text()).toBe('↑ 2 new')
    await grid.trigger('scroll')
    await flushPromises()
    expect(rowAtTop()).toBe(makeProof(10).proofAccount)

    // The head refresh fills the two rows in: nothing moves.
    await vi.advanceTimersByTimeAsync(2_000)
    await flushPromises()
    expect(element.scrollTop).toBe(12 * 40)
    expect(rowAtTop()).toBe(makeProof(10).proofAccount)
    expect(wrapper.get('[data-testid="list-new-above"]').text()).toBe('↑ 2 new')
    expect(wrapper.get('[data-testid="proofs-total"]').text()).toBe('42 of 42 proofs')
  })
})
