import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { mountView } from '@test/support/renderer/mount-view'
import { makeTransaction } from '@test/support/renderer/fixtures'
import { describeExport, isSameOriginPath } from '@renderer/model/export-outcome'
import { formatBytes } from '@renderer/format/bytes'
import ExportButton from './ExportButton.vue'

afterEach(() => {
  vi.restoreAllMocks()
})

const REQUEST = { kind: 'proofs' as const, format: 'json' as const, filter: { authority: 'A' } }
const TX_REQUEST = { kind: 'transactions' as const, format: 'csv' as const, filter: { pubkey: 'A' } }

describe('export outcome', () => {
  it('words each outcome and refuses a download link to elsewhere', () => {
    expect(describeExport({ status: 'saved', path: '/tmp/p.json', rows: 1_234, bytes: 5_000_000 }, REQUEST).text).toBe(
      'Saved 1,234 cached proofs (4.8 MB) to /tmp/p.json',
    )
    // Issue 23, defect 4: the file names what it holds against the indexer's count.
    expect(describeExport({ status: 'saved', path: '/tmp/t.csv', rows: 544, bytes: 2048 }, TX_REQUEST, '1755').text).toBe(
      'Saved 544 cached rows of 1,755 transactions (2 kB) to /tmp/t.csv',
    )
    expect(describeExport({ status: 'saved', path: '/tmp/t.csv', rows: 12, bytes: 2048 }, TX_REQUEST, '12').text).toBe(
      'Saved all 12 transactions (2 kB) to /tmp/t.csv',
    )
    expect(describeExport({ status: 'download', url: '/export/abc?token=t', fileName: 't.csv' }, TX_REQUEST, '1755').text).toBe(
      'Downloading t.csv: the cached transactions of the 1,755 the indexer counts',
    )
    expect(describeExport({ status: 'cancelled' }, REQUEST).kind).toBe('cancelled')
    expect(describeExport({ status: 'download', url: '/export/abc?token=t', fileName: 'p.json' }, REQUEST)).toEqual({
      kind: 'download',
      url: '/export/abc?token=t',
      fileName: 'p.json',
      text: 'Downloading p.json: the cached proofs',
    })
    expect(() => describeExport({ status: 'download', url: 'https://evil.example/x', fileName: 'p.json' }, REQUEST)).toThrow(/does not belong/)
    expect(isSameOriginPath('//evil.example/x')).toBe(false)
    expect(formatBytes(0)).toBe('0 B')
    expect(formatBytes(2048)).toBe('2 kB')
  })
})

describe('ExportButton', () => {
  it('exports the filter without its cursor and starts the download the browser transport offers', async () => {
    const clicked: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.getAttribute('href')} ${this.download}`)
    })
    const { wrapper, bridge } = await mountView(
      ExportButton,
      '/',
      (fake) => fake.handle('exportHistory', () => ({ status: 'download', url: '/export/abc?token=t', fileName: 'proofwatch-proofs.csv' })),
      { kind: 'proofs', filter: { authority: 'A', cursor: 'c3' } },
    )
    await wrapper.get('[data-testid="export-csv"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('exportHistory')).toEqual([[{ kind: 'proofs', format: 'csv', filter: { authority: 'A' } }]])
    expect(clicked).toEqual(['/export/abc?token=t proofwatch-proofs.csv'])
    expect(wrapper.get('[data-testid="export-outcome"]').text()).toBe('Downloading proofwatch-proofs.csv: the cached proofs')
  })

  it('says the user cancelled, and shows a failure with Retry', async () => {
    const { wrapper, bridge } = await mountView(ExportButton, '/', (fake) => fake.handle('exportHistory', () => ({ status: 'cancelled' })), {
      kind: 'transactions',
      filter: {},
    })
    await wrapper.get('[data-testid="export-json"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="export-outcome"]').text()).toBe('Export cancelled')

    bridge.fail('exportHistory', { code: 'INTERNAL', message: 'disk full' })
    await wrapper.get('[data-testid="export-json"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="export-error"]').text()).toContain('Export failed: disk full')
    bridge.handle('exportHistory', () => ({ status: 'saved', path: '/tmp/t.json', rows: 2, bytes: 10 }))
    await wrapper.get('[data-testid="export-retry"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('exportHistory').map(([request]) => request.format)).toEqual(['json', 'json', 'json'])
    expect(wrapper.get('[data-testid="export-outcome"]').text()).toBe('Saved 2 cached transactions (10 B) to /tmp/t.json')
  })

  it('fetches every row the indexer counts first, page by page, shows how far it got, and goes on after a failure where it stopped', async () => {
    let failAt: string | null = 'c200'
    const { wrapper, bridge } = await mountView(
      ExportButton,
      '/',
      (fake) =>
        fake.handle('listTransactions', (query) => {
          const cursor = (query as { cursor?: string }).cursor ?? null
          if (cursor !== null && cursor === failAt) {
            failAt = null
            throw Object.assign(new Error('The indexer is busy'), { code: 'RATE_LIMITED' })
          }
          const offset = cursor === null ? 0 : Number(cursor.slice(1))
          const count = Math.min(200, 450 - offset)
          const end = offset + count
          return { items: Array.from({ length: count }, (_, index) => makeTransaction(offset + index)), nextCursor: end < 450 ? `c${end}` : null, total: '450' }
        }),
      { kind: 'transactions', filter: { pubkey: 'A', cursor: 'c9', limit: 50 }, total: '450' },
    )
    expect(wrapper.get('[data-testid="export-fetch-all"]').text()).toBe('Fetch all 450 first')
    await wrapper.get('[data-testid="export-fetch-all"]').trigger('click')
    await vi.waitFor(() => expect(wrapper.find('[data-testid="export-fetch-error"]').exists()).toBe(true), { timeout: 10_000 })
    expect(wrapper.get('[data-testid="export-fetch-progress"]').text()).toContain('200 of 450 fetched')
    expect(wrapper.get('[data-testid="export-fetch-all"]').text()).toBe('Go on fetching')

    await wrapper.get('[data-testid="export-fetch-all"]').trigger('click')
    await vi.waitFor(() => expect(wrapper.get('[data-testid="export-fetch-progress"]').text()).toContain('all 450 fetched'), { timeout: 10_000 })
    expect(wrapper.find('[data-testid="export-fetch-all"]').exists()).toBe(false)
    expect(wrapper.find('[data-testid="export-fetch-error"]').exists()).toBe(false)
    const calls = bridge.callsOf('listTransactions')
    expect(calls.map(([query]) => (query as { cursor?: string }).cursor ?? null)).toEqual([null, 'c200', 'c200', 'c400'])
    expect(calls.every(([query, options]) => (query as { limit: number }).limit === 200 && (query as { pubkey: string }).pubkey === 'A' && options?.source === 'network')).toBe(true)
  })

  it('stops a run when its page is left, and offers to go on from where it got', async () => {
    const pages: string[] = []
    const mounted = await mountView(
      ExportButton,
      '/',
      (fake) =>
        fake.handle('listProofs', (query) => {
          const cursor = (query as { cursor?: string }).cursor ?? null
          pages.push(cursor ?? 'start')
          const offset = cursor === null ? 0 : Number(cursor.slice(1))
          return { items: [], nextCursor: `c${offset + 200}`, total: '100000' }
        }),
      { kind: 'proofs', filter: { authority: 'left-page' }, total: '100000' },
    )
    vi.useFakeTimers()
    try {
      await mounted.wrapper.get('[data-testid="export-fetch-all"]').trigger('click')
      await flushPromises()
      await vi.advanceTimersByTimeAsync(300)
      await flushPromises()
      expect(pages).toEqual(['start', 'c200'])
      mounted.wrapper.unmount()
      // A run still going would ask for a page every 300 ms.
      await vi.advanceTimersByTimeAsync(3_000)
      await flushPromises()
      expect(pages).toEqual(['start', 'c200'])
    } finally {
      vi.useRealTimers()
    }
    // Back on the page: a new button, the same page's stores.
    const again = mount(ExportButton, {
      props: { kind: 'proofs', filter: { authority: 'left-page' }, total: '100000' },
      global: { plugins: [mounted.wrapper.vm.$pinia, mounted.router] },
    })
    expect(again.get('[data-testid="export-fetch-all"]').text()).toBe('Go on fetching')
  })
})
