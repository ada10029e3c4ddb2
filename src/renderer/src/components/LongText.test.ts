import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
import type { AppNotification } from '@shared/domain'
import ErrorPanel from './ErrorPanel.vue'
import LongText from './LongText.vue'
import NotificationItem from './notifications/NotificationItem.vue'
import OverviewTiles from './OverviewTiles.vue'
import ValueList from './ValueList.vue'
import { makeOverview } from '@test/support/renderer/fixtures'
import { createRouter, createMemoryHistory } from 'vue-router'

/** What a hostile indexer sent in the red team's run: 100,000 characters without a space. */
const HUGE = 'W'.repeat(100_000)
/** The most text any one binding may put on screen (the cut, plus the ellipsis). */
const SHOWN_MAX = 200

const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/:rest(.*)*', component: { template: '<div />' } }] })

/** Every LongText in `wrapper`: what it shows and what its tooltip holds. */
function longTexts(wrapper: ReturnType<typeof mount>) {
  return wrapper.findAll('.long-text').map((node) => ({ text: node.text(), title: node.attributes('title') }))
}

describe('LongText', () => {
  it('shows text up to the limit as it is, without a tooltip', () => {
    const wrapper = mount(LongText, { props: { text: 'Proof verified' } })
    expect(wrapper.text()).toBe('Proof verified')
    expect(wrapper.attributes('title')).toBeUndefined()
  })

  it('cuts 100,000 characters to 200 with an ellipsis, the start of the whole on hover', () => {
    const wrapper = mount(LongText, { props: { text: HUGE } })
    expect(wrapper.text()).toHaveLength(SHOWN_MAX)
    expect(wrapper.text().endsWith('…')).toBe(true)
    expect(wrapper.attributes('title')).toHaveLength(2000)
  })

  it('neutralises bidi controls, and shows the fallback for nothing', () => {
    expect(mount(LongText, { props: { text: 'exe\u202Egnp.png' } }).text()).toBe('exe\uFFFDgnp.png')
    expect(mount(LongText, { props: { text: null, fallback: '—' } }).text()).toBe('—')
    expect(mount(LongText, { props: { text: '', fallback: 'No label' } }).text()).toBe('No label')
  })
})

describe('100,000-character strings from the indexer in the views', () => {
  it('a notification title and body', () => {
    const notification: AppNotification = { id: '1', kind: HUGE, title: HUGE, body: HUGE, receivedAt: 1_700_000_000_000, read: false, raw: {}, extra: {} }
    const wrapper = mount(NotificationItem, { props: { notification }, global: { plugins: [router] } })
    const texts = longTexts(wrapper)
    expect(texts.length).toBeGreaterThanOrEqual(2)
    for (const { text, title } of texts) {
      expect(text.length).toBeLessThanOrEqual(SHOWN_MAX)
      expect(title).toHaveLength(2000)
    }
    expect(wrapper.text().length).toBeLessThan(1_500)
  })

  it('an error message from the indexer and what arrived', () => {
    const wrapper = mount(ErrorPanel, { props: { error: { code: 'HTTP', message: HUGE, serverCode: HUGE, received: HUGE } } })
    expect(wrapper.text().length).toBeLessThan(1_500)
    expect(longTexts(wrapper).every(({ text }) => text.length <= 400)).toBe(true)
  })

  it('field names and values the app does not know (public inputs, extra fields)', () => {
    const wrapper = mount(ValueList, { props: { values: { [HUGE]: HUGE, memo: `${'x '.repeat(50_000)}` } } })
    const texts = longTexts(wrapper)
    expect(texts).toHaveLength(4)
    for (const { text } of texts) expect(text.length).toBeLessThanOrEqual(SHOWN_MAX)
  })

  it('an overview field the app does not know, by name and by value', () => {
    const wrapper = mount(OverviewTiles, { props: { overview: makeOverview({ extra: { [HUGE]: HUGE, nested: { [HUGE]: HUGE } } }) } })
    expect(wrapper.text().length).toBeLessThan(3_000)
  })
})
