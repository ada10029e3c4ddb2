import { describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { makeConnection, makeLeaderboard, makeOverview, makeSeries } from '@test/support/renderer/fixtures'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { mountView } from '@test/support/renderer/mount-view'
import { makeSettings } from '@test/support/renderer/workspace-fixtures'
import { accessRefusedError, TOKEN_REFUSED_MESSAGE } from '@renderer/bridge/access-refused'
import type { BridgeMethodName } from '@shared/bridge'
import App from './App.vue'
import { settle } from '@test/support/renderer/settle'

vi.mock('@renderer/components/SeriesChart.vue', async () => {
  const { SeriesChartStub } = await import('@test/support/renderer/series-chart-stub')
  return { default: SeriesChartStub }
})

function serveDashboard(bridge: FakeBridge): void {
  bridge.handle('getOverview', () => makeOverview())
  bridge.handle('getSeries', (query) => makeSeries(query.period))
  bridge.handle('getLeaderboard', () => ({ entries: makeLeaderboard(1) }))
  bridge.handle('getRecentProofs', () => [])
}

describe('App shell', () => {
  it('has the navigation, the connection state and the demo badge with the indexer url', async () => {
    const { wrapper } = await mountView(App, '/', (bridge) => {
      serveDashboard(bridge)
      bridge.handle('getConnection', () => makeConnection({ demo: true, httpUrl: 'http://127.0.0.1:4100' }))
    })
    for (const name of ['dashboard', 'proofs', 'transactions', 'settings']) {
      expect(wrapper.find(`[data-testid="nav-${name}"]`).exists()).toBe(true)
    }
    expect(wrapper.get('[data-testid="demo-badge"]').text()).toBe('Demo data')
    expect(wrapper.get('[data-testid="indexer-url"]').text()).toBe('http://127.0.0.1:4100')
    const state = wrapper.get('[data-testid="connection-state"]')
    expect(state.attributes('data-state')).toBe('live')
    expect(state.text()).toContain('Live')
    expect(state.text()).toContain('HTTP ok')
    expect(wrapper.find('[data-testid="overview-tile-slot"]').exists()).toBe(true)
  })

  it('hides the demo badge for a real indexer and gives the reason when not live', async () => {
    const { wrapper, bridge } = await mountView(App, '/', (fake) => {
      serveDashboard(fake)
      fake.handle('getConnection', () => makeConnection({ demo: false, httpUrl: 'https://indexer.example' }))
    })
    expect(wrapper.find('[data-testid="demo-badge"]').exists()).toBe(false)
    bridge.emit('connection', {
      ...makeConnection({ demo: false, httpUrl: 'https://indexer.example', socket: 'backing-off', reason: 'closed 1006' }),
    })
    await flushPromises()
    const state = wrapper.get('[data-testid="connection-state"]')
    expect(state.attributes('data-state')).toBe('backing-off')
    expect(state.text()).toContain('Reconnecting')
    expect(wrapper.get('[data-testid="connection-reason"]').text()).toBe('closed 1006')
  })

  it('navigates with the side links and shows pushed problems', async () => {
    const { wrapper, router, bridge } = await mountView(App, '/', (fake) => {
      serveDashboard(fake)
      fake.handle('getConnection', () => makeConnection())
      fake.handle('getSettings', () => makeSettings())
    })
    await wrapper.get('[data-testid="nav-settings"]').trigger('click')
    await settle()
    expect(router.currentRoute.value.name).toBe('settings')
    expect(wrapper.find('[data-testid="settings-indexer-url"]').exists()).toBe(true)

    bridge.emit('problem', { code: 'DECODE', message: 'frame could not be decoded', received: '{"type":1' })
    await flushPromises()
    expect(wrapper.get('[data-testid="problem-banner"]').text()).toContain('frame could not be decoded')
  })

  it('says the page has no access, in the header and in every panel, when its token is refused', async () => {
    const refused = accessRefusedError(TOKEN_REFUSED_MESSAGE).toInfo()
    const { wrapper } = await mountView(App, '/', (bridge) => {
      const methods: BridgeMethodName[] = ['getConnection', 'getOverview', 'getSeries', 'getLeaderboard', 'getRecentProofs']
      for (const method of methods) bridge.fail(method, refused)
    })
    await flushPromises()
    const state = wrapper.get('[data-testid="connection-state"]')
    expect(state.attributes('data-state')).toBe('refused')
    expect(state.text()).toContain('Access refused')
    expect(state.text()).not.toContain('unreachable')
    expect(wrapper.get('[data-testid="connection-reason"]').text()).toBe(TOKEN_REFUSED_MESSAGE)
    const panels = wrapper.findAll('[data-testid="error-panel"]')
    expect(panels.length).toBeGreaterThan(0)
    for (const panel of panels) {
      expect(panel.get('[data-testid="error-message"]').text()).toBe(TOKEN_REFUSED_MESSAGE)
      expect(panel.text()).not.toContain('cannot be reached')
      expect(panel.find('[data-testid="retry-button"]').exists()).toBe(false)
    }
  })
})

describe('App shell keyboard use', () => {
  it('has a skip link to the content, and moves focus to the content of a newly opened view', async () => {
    const { wrapper, router } = await mountView(App, '/', (bridge) => {
      serveDashboard(bridge)
      bridge.handle('getConnection', () => makeConnection())
      bridge.handle('listProofs', () => ({ items: [], nextCursor: null, total: '0' }))
    })
    const main = wrapper.get('main')
    expect(main.attributes('id')).toBe('main-content')
    const skip = wrapper.get('.skip-link')
    expect(skip.attributes('href')).toBe('#main-content')

    document.body.append(wrapper.element.parentElement ?? wrapper.element)
    const nav = wrapper.get('[data-testid="nav-proofs"]').element as HTMLElement
    nav.focus()
    await router.push('/proofs')
    await flushPromises()
    expect(document.activeElement).toBe(main.element)

    // The same view with other filters keeps the focus where it is.
    nav.focus()
    await router.push('/proofs?type=AGE')
    await flushPromises()
    expect(document.activeElement).toBe(nav)
  })
})
