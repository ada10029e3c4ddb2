import { describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Overview } from '@shared/domain'
import { deferred } from '@renderer/test-utils/deferred'
import type { FakeBridge } from '@renderer/test-utils/fake-bridge'
import { makeConnection, makeLeaderboard, makeOverview, makeProofSummary, makeSeries } from '@renderer/test-utils/fixtures'
import { mountView, textsOf } from '@renderer/test-utils/mount-view'
import { groupSeparator } from '@renderer/format/u64'
import { formatLocalTime } from '@renderer/format/time'
import { useConnectionStore } from '@renderer/stores/connection'
import DashboardView from './DashboardView.vue'

vi.mock('@renderer/components/SeriesChart.vue', async () => {
  const { SeriesChartStub } = await import('@renderer/test-utils/series-chart-stub')
  return { default: SeriesChartStub }
})

function serveEverything(bridge: FakeBridge): void {
  bridge.handle('getOverview', () => makeOverview({ extra: { region: 'eu-west' } }))
  bridge.handle('getSeries', (query) => makeSeries(query.period, query.period === '30d' ? 0 : 5))
  bridge.handle('getLeaderboard', () => makeLeaderboard(3))
  bridge.handle('getRecentProofs', () => [makeProofSummary(2), makeProofSummary(1)])
}

describe('DashboardView', () => {
  it('shows loading states while nothing has arrived', async () => {
    const never = deferred<Overview>()
    const { wrapper } = await mountView(DashboardView, '/', (bridge) => {
      bridge.handle('getOverview', () => never.promise)
      bridge.handle('getSeries', () => new Promise(() => {}))
      bridge.handle('getLeaderboard', () => new Promise(() => {}))
      bridge.handle('getRecentProofs', () => new Promise(() => {}))
    })
    expect(wrapper.find('[data-testid="overview-loading"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="series-loading"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="leaderboard-loading"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="series-chart"]').exists()).toBe(false)
  })

  it('shows every overview field, the chart, the leaderboard and the live feed', async () => {
    const { wrapper } = await mountView(DashboardView, '/', serveEverything)
    const sep = groupSeparator()
    expect(wrapper.get('[data-testid="overview-value-slot"]').text()).toBe(['287', '654', '321'].join(sep))
    expect(wrapper.get('[data-testid="overview-value-totalProofs"]').text()).toBe(
      ['18', '446', '744', '073', '709', '551', '615'].join(sep),
    )
    for (const field of ['tps', 'epoch', 'proofs24h', 'avgVerifyTimeMs', 'activeUsers24h', 'rpcLatencyMs', 'status']) {
      expect(wrapper.find(`[data-testid="overview-tile-${field}"]`).exists()).toBe(true)
    }
    expect(wrapper.get('[data-testid="overview-tile-region"]').text()).toContain('eu-west')

    expect(wrapper.get('[data-testid="series-chart"]').attributes('data-points')).toBe('5')
    expect(wrapper.findAll('[data-testid="leaderboard-row"]')).toHaveLength(3)
    const firstLeader = makeLeaderboard(1)[0]?.pubkey ?? ''
    expect(wrapper.get('[data-testid="leaderboard-row"] a').attributes('href')).toBe(
      `/transactions?pubkey=${firstLeader}`,
    )
    expect(wrapper.findAll('[data-testid="live-proof-row"]')).toHaveLength(2)
    expect(wrapper.get('[data-testid="live-proof-row"] a').attributes('href')).toBe(
      `/proofs/${makeProofSummary(2).proofAccount}`,
    )
  })

  it('switches the series period and shows an empty period as empty', async () => {
    const { wrapper, bridge } = await mountView(DashboardView, '/', serveEverything)
    await wrapper.get('[data-testid="series-period-30d"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('getSeries').map(([query]) => query.period)).toEqual(['24h', '30d'])
    expect(wrapper.find('[data-testid="series-empty"]').exists()).toBe(true)
    expect(wrapper.get('[data-testid="series-period-30d"]').attributes('aria-pressed')).toBe('true')
  })

  it('shows empty leaderboard and feed plainly', async () => {
    const { wrapper } = await mountView(DashboardView, '/', (bridge) => {
      serveEverything(bridge)
      bridge.handle('getLeaderboard', () => [])
      bridge.handle('getRecentProofs', () => [])
    })
    expect(wrapper.find('[data-testid="leaderboard-empty"]').exists()).toBe(true)
    expect(wrapper.get('[data-testid="live-feed-empty"]').text()).toContain('Waiting')
  })

  it('follows live overview and proof events', async () => {
    const { wrapper, bridge } = await mountView(DashboardView, '/', serveEverything)
    bridge.emit('overview', makeOverview({ slot: '287654999', observedAt: Date.now() }))
    bridge.emit('proofs', [makeProofSummary(7)])
    await flushPromises()
    expect(wrapper.get('[data-testid="overview-value-slot"]').text()).toContain('999')
    expect(wrapper.findAll('[data-testid="live-proof-row"]')).toHaveLength(3)
    expect(textsOf(wrapper, 'live-proof-row')[0]).toContain('Acct')
    expect(wrapper.get('[data-testid="live-proof-row"] a').attributes('href')).toBe(
      `/proofs/${makeProofSummary(7).proofAccount}`,
    )
  })

  it('shows each failure in place and recovers with Retry', async () => {
    const { wrapper, bridge } = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.fail('getOverview', { code: 'UNREACHABLE', message: 'connect ECONNREFUSED 127.0.0.1:4100' })
      fake.fail('getSeries', { code: 'HTTP', message: 'metric rejected', status: 400 })
    })
    const panels = wrapper.findAll('[data-testid="error-panel"]')
    expect(panels).toHaveLength(2)
    expect(panels[0]?.text()).toContain('ECONNREFUSED')

    bridge.handle('getOverview', () => makeOverview())
    await panels[0]?.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="overview-tile-slot"]').exists()).toBe(true)
    expect(wrapper.findAll('[data-testid="error-panel"]')).toHaveLength(1)

    bridge.handle('getSeries', (query) => makeSeries(query.period))
    await wrapper.get('[data-testid="retry-button"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="error-panel"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="series-chart"]').exists()).toBe(true)
  })

  it('dims the overview and says how old it is while nothing live comes in', async () => {
    const observedAt = Date.UTC(2025, 0, 31, 9, 30, 15)
    const { wrapper, bridge } = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.handle('getOverview', () => makeOverview({ observedAt }))
      fake.handle('getConnection', () => makeConnection())
    })
    await useConnectionStore().start()
    await flushPromises()
    const tiles = wrapper.get('[data-testid="overview-tiles"]')
    expect(tiles.attributes('data-stale')).toBeUndefined()
    expect(wrapper.find('[data-testid="overview-as-of"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="overview-value-status"]').classes()).toContain('ok')

    for (const state of [makeConnection({ socket: 'backing-off' }), makeConnection({ http: 'unreachable' })]) {
      bridge.emit('connection', state)
      await flushPromises()
      expect(tiles.attributes('data-stale')).toBe('true')
      expect(wrapper.get('[data-testid="overview-as-of"]').text()).toBe(`as of ${formatLocalTime(observedAt)}`)
      expect(wrapper.get('[data-testid="overview-value-status"]').classes()).not.toContain('ok')
    }

    bridge.emit('connection', makeConnection())
    await flushPromises()
    expect(tiles.attributes('data-stale')).toBeUndefined()
    expect(wrapper.find('[data-testid="overview-as-of"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="overview-value-status"]').classes()).toContain('ok')
  })
})
