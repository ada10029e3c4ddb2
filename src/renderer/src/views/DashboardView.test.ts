import { describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { Overview } from '@shared/domain'
import { deferred } from '@test/support/renderer/deferred'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { makeConnection, makeLeaderboard, makeOverview, makeProofSummary, makeSeries } from '@test/support/renderer/fixtures'
import { mountView, textsOf } from '@test/support/renderer/mount-view'
import { groupSeparator } from '@renderer/format/u64'
import { formatLocalTime } from '@renderer/format/time'
import { useConnectionStore } from '@renderer/stores/connection'
import DashboardView from './DashboardView.vue'

vi.mock('@renderer/components/SeriesChart.vue', async () => {
  const { SeriesChartStub } = await import('@test/support/renderer/series-chart-stub')
  return { default: SeriesChartStub }
})

function serveEverything(bridge: FakeBridge): void {
  bridge.handle('getOverview', () => makeOverview({ extra: { region: 'eu-west' } }))
  bridge.handle('getSeries', (query) => makeSeries(query.period, query.period === '30d' ? 0 : 5))
  bridge.handle('getLeaderboard', () => ({ entries: makeLeaderboard(3) }))
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

  it('says so under the chart where the indexer’s series and its tile disagree, and only there', async () => {
    const at = makeOverview().observedAt
    const seriesEnding = (value: number) => ({ ...makeSeries('24h', 0), points: [{ t: at - 3_600_000, value: value - 2 }, { t: at - 60_000, value }] })
    let last = 40
    const { wrapper, bridge } = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.handle('getSeries', () => seriesEnding(last))
    })
    expect(wrapper.get('[data-testid="overview-value-proofs24h"]').text()).toBe(['4', '321'].join(groupSeparator()))
    expect(wrapper.get('[data-testid="series-tile-gap"]').text()).toMatch(/series ends at 40, while its overview \(the tile\)\s+says 4.321/)
    last = 4_300
    await wrapper.get('[data-testid="series-period-7d"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('getSeries').length).toBeGreaterThan(1)
    expect(wrapper.find('[data-testid="series-tile-gap"]').exists()).toBe(false)
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
    expect(wrapper.get('[data-testid="leaderboard-row"] a').attributes('href')).toBe(`/proofs?authority=${firstLeader}`)
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
      bridge.handle('getLeaderboard', () => ({ entries: [] }))
      bridge.handle('getRecentProofs', () => [])
    })
    expect(wrapper.get('[data-testid="leaderboard-empty"]').text()).toContain('No proofs were verified in the last 24 hours')
    expect(wrapper.get('[data-testid="live-feed-empty"]').text()).toContain('Waiting for new proofs')
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
      // Not a grey "Online" while nothing is heard: the last status, said to be the last (issue 23, defect 10).
      expect(wrapper.get('[data-testid="overview-value-status"]').text()).toBe('Last said Online')
    }

    bridge.emit('connection', makeConnection())
    await flushPromises()
    expect(tiles.attributes('data-stale')).toBeUndefined()
    expect(wrapper.find('[data-testid="overview-as-of"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="overview-value-status"]').classes()).toContain('ok')
    expect(wrapper.get('[data-testid="overview-value-status"]').text()).toBe('Online')
  })
})

describe('DashboardView, live and interactive parts', () => {
  it('tints a tile whose value changed, and only that one', async () => {
    const { wrapper, bridge } = await mountView(DashboardView, '/', serveEverything)
    const slot = () => wrapper.get('[data-testid="overview-value-slot"]')
    expect(slot().attributes('data-changes')).toBe('0')
    expect(slot().classes()).not.toContain('changed')

    bridge.emit('overview', makeOverview({ slot: '287654999', observedAt: Date.now() }))
    await flushPromises()
    expect(slot().attributes('data-changes')).toBe('1')
    expect(slot().classes()).toContain('changed')
    expect(wrapper.get('[data-testid="overview-value-tps"]').classes()).not.toContain('changed')

    bridge.emit('overview', makeOverview({ slot: '287655000', observedAt: Date.now() + 1 }))
    await flushPromises()
    expect(slot().attributes('data-changes')).toBe('2')
  })

  it('charts the other metrics the indexer offers', async () => {
    const { wrapper, bridge } = await mountView(DashboardView, '/', serveEverything)
    const options = wrapper.findAll('[data-testid="series-metric"] option').map((option) => option.text())
    expect(options).toEqual(['Proofs (24h)', 'TPS', 'Active users (24h)'])
    await wrapper.get('[data-testid="series-metric"]').setValue('tps')
    await flushPromises()
    expect(bridge.callsOf('getSeries').at(-1)).toEqual([{ metric: 'tps', period: '24h' }])
    expect(wrapper.get('#series-title').text()).toBe('TPS over time')
  })

  it('says where a metric is called differently by the indexer', async () => {
    const { wrapper } = await mountView(DashboardView, '/', serveEverything)
    expect(wrapper.text()).toContain('The indexer calls this metric proofs24h')
  })

  it('copies a leader\'s address and watches it in one click', async () => {
    const writeText = vi.fn(() => Promise.resolve())
    vi.stubGlobal('navigator', { clipboard: { writeText } })
    const leader = makeLeaderboard(1)[0]!.pubkey
    const { wrapper, bridge } = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.handle('getWatchlist', () => ({ addresses: [], circuits: [] }))
      fake.handle('watchAddress', (input) => ({
        addresses: [{ pubkey: input.pubkey, label: null, notify: true, addedAt: 1, lastActivityAt: null, lastSignature: null, unread: 0 }],
        circuits: [],
      }))
    })
    const row = wrapper.get('[data-testid="leaderboard-row"]')
    await row.get('[data-testid="copy-button"]').trigger('click')
    await flushPromises()
    expect(writeText).toHaveBeenCalledWith(leader)

    await row.get('[data-testid="watch-button"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('watchAddress')).toEqual([[{ pubkey: leader }]])
    expect(wrapper.get('[data-testid="leaderboard-row"] [data-testid="watch-button"]').attributes('aria-pressed')).toBe('true')
    vi.unstubAllGlobals()
  })

  it('shows connection health: state, last event, reconnects, latency and refused channels', async () => {
    const connection = makeConnection({ socket: 'backing-off', reason: 'socket closed (1006)' })
    connection.socket.reconnects = 3
    connection.socket.attempts = 5
    connection.socket.latencyMs = 42
    connection.socket.lastEventAt = Date.now() - 150_000
    connection.channels = [
      { channel: 'stats', state: 'subscribed' },
      // Waiting for the socket: not subscribed, whatever it was before the socket went down.
      { channel: 'proofs', state: 'pending' },
      { channel: 'user:proofs', state: 'refused', error: 'Channel not allowed: user:proofs' },
    ]
    const { wrapper, bridge } = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.handle('getConnection', () => connection)
      fake.handle('reconnectNow', () => makeConnection())
    })
    await useConnectionStore().start()
    await flushPromises()
    const health = wrapper.get('[data-testid="connection-health"]')
    expect(health.get('[data-testid="health-state"]').text()).toBe('Reconnecting')
    expect(health.get('[data-testid="health-reconnects"]').text()).toBe('3')
    expect(health.get('[data-testid="health-attempts"]').text()).toBe('5 since it was last live')
    // Two different counts under two names that do not contradict each other (issue 23, defect 10).
    expect(health.get('[data-testid="health-reconnects-label"]').text()).toBe('Times back live')
    expect(health.get('[data-testid="health-attempts-label"]').text()).toBe('Tries to reconnect')
    expect(health.get('[data-testid="health-latency"]').text()).toBe('42 ms')
    expect(health.get('[data-testid="health-last-event"]').text()).toBe('2 minutes ago')
    expect(health.get('[data-testid="health-channels"]').text()).toBe('1 of 3 subscribed')
    expect(health.get('[data-testid="health-refused"]').text()).toContain('Channel not allowed: user:proofs')
    expect(health.get('[data-testid="health-reason"]').text()).toBe('socket closed (1006)')

    await health.get('[data-testid="health-reconnect"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('reconnectNow')).toHaveLength(1)
  })

  it('shows how many details of what is watched are saved for offline, and says nothing while there are none', async () => {
    const connection = makeConnection()
    connection.details = { held: 40, total: 52, unavailable: 2, state: 'working' }
    const { wrapper } = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.handle('getConnection', () => connection)
    })
    await useConnectionStore().start()
    await flushPromises()
    expect(wrapper.get('[data-testid="health-details"]').text()).toBe('details cached 40 of 50 · fetching · 2 not on the indexer')

    const none = makeConnection()
    none.details = { held: 0, total: 0, unavailable: 0, state: 'idle' }
    const quiet = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.handle('getConnection', () => none)
    })
    await useConnectionStore().start()
    await flushPromises()
    expect(quiet.wrapper.find('[data-testid="health-details"]').exists()).toBe(false)
  })

  it('says a failed reconnect in place', async () => {
    const { wrapper } = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.handle('getConnection', () => makeConnection({ socket: 'offline' }))
      fake.fail('reconnectNow', { code: 'INTERNAL', message: 'the monitor is stopped' })
    })
    await useConnectionStore().start()
    await flushPromises()
    await wrapper.get('[data-testid="health-reconnect"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="connection-health"] [role="alert"]').text()).toBe('the monitor is stopped')
  })

  it('says the overview is live while the socket pushes it, and how old it is otherwise', async () => {
    const { wrapper, bridge } = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.handle('getConnection', () => makeConnection())
    })
    await useConnectionStore().start()
    await flushPromises()
    const badge = () => wrapper.get('.page-head [data-testid="freshness"]')
    expect(badge().text()).toBe('Live')
    bridge.emit('connection', makeConnection({ http: 'unreachable', reason: 'connect ECONNREFUSED' }))
    await flushPromises()
    expect(badge().attributes('data-source')).toBe('offline')
    expect(badge().text()).toMatch(/^Offline — updated /)
  })

  it('says the overview is checked every N s where stats come once a minute, and each tile its own age', async () => {
    const NOW = Date.now()
    const { wrapper, bridge } = await mountView(DashboardView, '/', (fake) => {
      serveEverything(fake)
      fake.handle('getConnection', () => ({
        ...makeConnection(),
        following: [
          { kind: 'stats', how: 'pushed', intervalMs: 10_000, lastCheckAt: NOW, nextCheckAt: NOW + 10_000, reason: 'pushed about every 60 s; the overview is read every 10 s in between', addresses: [] },
        ],
      }))
    })
    await useConnectionStore().start()
    await flushPromises()
    expect(wrapper.get('.page-head [data-testid="freshness"]').text()).toBe('Checked every 10 s')
    // A pushed stats event carries fewer fields: those it brings are younger than the rest.
    bridge.emit('overview', makeOverview({ tps: 99, observedAt: NOW + 1, slot: null, epoch: null }))
    await flushPromises()
    expect(wrapper.find('[data-testid="overview-age-tps"]').exists()).toBe(true)
  })
})
