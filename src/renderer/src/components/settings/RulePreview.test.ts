import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { DEFAULT_NOTIFICATION_RULES, type NotificationRulesPatch } from '@shared/notification-rules'
import type { RulePreview as Preview } from '@shared/rule-preview'
import type { SettingsPatch } from '@shared/settings'
import { mountView, textsOf } from '@test/support/renderer/mount-view'
import { makeSettings } from '@test/support/renderer/workspace-fixtures'
import RulePreview from './RulePreview.vue'

const day = (date: string, events: number, notifications: number) => ({ day: date, events, notifications })

function answer(overrides: Partial<Preview> = {}): Preview {
  return {
    since: 0,
    events: 14,
    notifications: 3,
    days: [day('2026-03-09', 0, 0), day('2026-03-10', 12, 1), day('2026-03-11', 2, 2)],
    latest: [
      { at: Date.parse('2026-03-11T09:00:00Z'), title: 'Transaction failed on Treasury', count: 1, sources: ['addresses'] },
      { at: Date.parse('2026-03-10T10:00:01Z'), title: 'New transaction on Treasury', count: 1, sources: ['addresses'] },
    ],
    capped: false,
    cap: 20_000,
    ...overrides,
  }
}

async function mounted(respond: (draft: NotificationRulesPatch) => Preview = () => answer()) {
  const rules = structuredClone(DEFAULT_NOTIFICATION_RULES)
  return mountView(
    RulePreview,
    '/settings',
    (bridge) => {
      bridge.handle('previewNotificationRules', respond)
      bridge.handle('updateSettings', (patch: SettingsPatch) => makeSettings({ notifications: { ...rules, ...patch.notifications } as typeof rules }))
    },
    { rules, debounceMs: 50 },
  )
}

afterEach(() => {
  vi.useRealTimers()
})

describe('RulePreview', () => {
  it('says what the saved rules would have raised, per day in text, and the latest pop-ups with their time', async () => {
    const { wrapper, bridge } = await mounted()
    await vi.waitFor(() => expect(wrapper.find('[data-testid="rule-preview-summary"]').exists()).toBe(true))
    expect(wrapper.get('[data-testid="rule-preview-summary"]').text()).toBe(
      'Would have raised 3 native notifications in the last 30 days (14 events reached the centre).',
    )
    // Only days with events, newest first, each count as text.
    const rows = wrapper.findAll('[data-testid="rule-preview-days"] tbody tr').map((row) => row.findAll('th, td').map((cell) => cell.text()))
    expect(rows).toEqual([
      [expect.stringMatching(/11/), '2', '2'],
      [expect.stringMatching(/10/), '1', '12'],
    ])
    expect(wrapper.get('[data-testid="rule-preview-bars"]').text()).toContain('Mar 10: 1 pop-up, 12 events')
    expect(textsOf(wrapper, 'rule-preview-latest')[0]).toContain('Transaction failed on Treasury')
    expect(wrapper.find('[data-testid="rule-preview-latest"] time').attributes('datetime')).toBe('2026-03-11T09:00:00.000Z')
    expect(wrapper.find('[data-testid="rule-preview-capped"]').exists()).toBe(false)
    expect(bridge.callsOf('previewNotificationRules')[0]?.[0]).toMatchObject({ sources: DEFAULT_NOTIFICATION_RULES.sources })
    // Nothing to save yet: the button says so, and a press does nothing.
    expect(wrapper.get('[data-testid="rule-preview-save"]').attributes('aria-disabled')).toBe('true')
    await wrapper.get('[data-testid="rule-preview-save"]').trigger('click')
    await flushPromises()
    expect(bridge.callsOf('updateSettings')).toHaveLength(0)
  })

  it('asks again once the user pauses, with the draft, and saves nothing until asked', async () => {
    const { wrapper, bridge } = await mounted((draft) => answer({ notifications: draft.sources?.addresses ? 3 : 1 }))
    await vi.waitFor(() => expect(bridge.callsOf('previewNotificationRules')).toHaveLength(1))
    vi.useFakeTimers()
    await wrapper.get('[data-testid="preview-source-addresses"]').setValue(false)
    await wrapper.get('[data-testid="preview-quiet-enabled"]').setValue(true)
    vi.advanceTimersByTime(50)
    vi.useRealTimers()
    await flushPromises()
    // Two changes in a row: one more question, with both.
    expect(bridge.callsOf('previewNotificationRules')).toHaveLength(2)
    expect(bridge.callsOf('previewNotificationRules')[1]?.[0]).toMatchObject({ sources: { addresses: false }, quietHours: { enabled: true } })
    expect(wrapper.get('[data-testid="rule-preview-summary"]').text()).toContain('Would have raised 1 native notification in')
    expect(bridge.callsOf('updateSettings')).toHaveLength(0)
    expect(wrapper.find('[data-testid="rule-preview-unsaved"]').exists()).toBe(true)

    const save = wrapper.get('[data-testid="rule-preview-save"]')
    expect(save.attributes('aria-disabled')).toBe('false')
    await save.trigger('click')
    await flushPromises()
    expect(bridge.callsOf('updateSettings')[0]?.[0].notifications).toMatchObject({ sources: { addresses: false }, quietHours: { enabled: true } })
    // Saved, the button ends its own use but stays focusable (a disabled one drops the keyboard focus to the page).
    expect(save.attributes('disabled')).toBeUndefined()
  })

  it('says when only the newest events were read, and shows a refused draft plainly', async () => {
    const capped = await mounted(() => answer({ capped: true }))
    await vi.waitFor(() => expect(capped.wrapper.find('[data-testid="rule-preview-capped"]').exists()).toBe(true))
    expect(capped.wrapper.get('[data-testid="rule-preview-capped"]').text()).toContain('Only the newest 20,000 events')

    const refused = await mountView(RulePreview, '/settings', (bridge) => bridge.fail('previewNotificationRules', { code: 'INVALID_ARGUMENT', message: 'Quiet hours need different start and end times' }), {
      rules: structuredClone(DEFAULT_NOTIFICATION_RULES),
      debounceMs: 0,
    })
    await vi.waitFor(() => expect(refused.wrapper.find('[data-testid="rule-preview-error"]').exists()).toBe(true))
    expect(refused.wrapper.get('[data-testid="rule-preview-error"]').text()).toBe('Quiet hours need different start and end times')
  })
})
