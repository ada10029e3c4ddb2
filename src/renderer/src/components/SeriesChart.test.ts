import { beforeEach, describe, expect, it, vi } from 'vitest'
import { mount } from '@vue/test-utils'
import type { SeriesPoint } from '@shared/domain'

interface FakeChartInstance {
  canvas: unknown
  config: {
    data: { datasets: Array<{ data: Array<{ x: number; y: number }> }> }
    options: {
      scales: {
        x: {
          type: string
          afterBuildTicks: (scale: { ticks: Array<{ value: number }> }) => void
          ticks: { callback: (value: number) => string }
        }
      }
    }
  }
  data: { datasets: Array<{ data: Array<{ x: number; y: number }> }> }
  update: ReturnType<typeof vi.fn>
  destroy: ReturnType<typeof vi.fn>
}

const chart = vi.hoisted(() => ({ instances: [] as FakeChartInstance[], registered: [] as unknown[] }))

vi.mock('chart.js', () => {
  class Chart {
    static register(...items: unknown[]): void {
      chart.registered.push(...items)
    }
    data: FakeChartInstance['data']
    update = vi.fn()
    destroy = vi.fn()
    constructor(
      public canvas: unknown,
      public config: FakeChartInstance['config'],
    ) {
      this.data = config.data
      chart.instances.push(this as unknown as FakeChartInstance)
    }
  }
  const marker = (name: string) => ({ id: name })
  return {
    Chart,
    Filler: marker('filler'),
    LineController: marker('line'),
    LineElement: marker('lineElement'),
    LinearScale: marker('linear'),
    PointElement: marker('point'),
    Tooltip: marker('tooltip'),
  }
})

const { default: SeriesChart } = await import('./SeriesChart.vue')

const POINTS: SeriesPoint[] = [
  { t: Date.UTC(2025, 0, 1, 10), value: 3 },
  { t: Date.UTC(2025, 0, 1, 11), value: 5 },
]

beforeEach(() => {
  chart.instances.length = 0
})

describe('SeriesChart', () => {
  it('registers only line chart parts, never a time scale', () => {
    const ids = chart.registered.map((item) => (item as { id: string }).id)
    expect(ids).toEqual(expect.arrayContaining(['line', 'lineElement', 'point', 'linear']))
    expect(ids).not.toContain('time')
  })

  it('draws the points on its canvas with a linear x axis of epoch ms', () => {
    const wrapper = mount(SeriesChart, { props: { points: POINTS, period: '24h' } })
    const instance = chart.instances[0]
    expect(instance?.canvas).toBe(wrapper.get('[data-testid="series-chart"]').element)
    expect(instance?.config.data.datasets[0]?.data).toEqual([
      { x: POINTS[0]?.t, y: 3 },
      { x: POINTS[1]?.t, y: 5 },
    ])
    expect(instance?.config.options.scales.x.type).toBe('linear')
    expect(instance?.config.options.scales.x.ticks.callback(Date.UTC(2025, 0, 1, 10))).toMatch(/\d{2}:\d{2}/)
  })

  it('puts x ticks on local day boundaries inside the data', () => {
    const points = [
      { t: new Date(2025, 0, 1, 12).getTime(), value: 1 },
      { t: new Date(2025, 0, 4, 12).getTime(), value: 2 },
    ]
    mount(SeriesChart, { props: { points, period: '7d' } })
    const scale = { ticks: [] as Array<{ value: number }> }
    chart.instances[0]?.config.options.scales.x.afterBuildTicks(scale)
    expect(scale.ticks.map((tick) => new Date(tick.value).getDate())).toEqual([2, 3, 4])
  })

  it('updates in place when the points change and destroys the chart on unmount', async () => {
    const wrapper = mount(SeriesChart, { props: { points: POINTS, period: '24h' } })
    await wrapper.setProps({ points: [{ t: 1, value: 9 }], period: '7d' })
    const instance = chart.instances[0]
    expect(chart.instances).toHaveLength(1)
    expect(instance?.update).toHaveBeenCalled()
    expect(instance?.data.datasets[0]?.data).toEqual([{ x: 1, y: 9 }])
    expect(instance?.config.options.scales.x.ticks.callback(Date.UTC(2025, 0, 5))).not.toMatch(/:/)
    wrapper.unmount()
    expect(instance?.destroy).toHaveBeenCalled()
  })
})
