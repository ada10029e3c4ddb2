import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '@shared/notice'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeAppInfo, makeSettings } from '@test/support/renderer/workspace-fixtures'
import { useAppInfoStore } from './app-info'
import { useNoticesStore } from './notices'
import { useSettingsStore } from './settings'

const NOTICE: Notice = { title: '5 new transactions on Treasury', body: 'a, b, c and 2 more', route: '/address/X', count: 5, key: null, kind: 'watched' }

/** The browser's Notification API as the page sees it: what was constructed, and what permission asking answers. */
function browserApi(permission: NotificationPermission, answer: NotificationPermission = permission) {
  const shown: Array<{ title: string; options: NotificationOptions; onclick: (() => void) | null; close(): void }> = []
  class FakeNotification {
    static permission = permission
    static requestPermission = vi.fn(async () => {
      FakeNotification.permission = answer
      return answer
    })
    onclick: (() => void) | null = null
    constructor(
      readonly title: string,
      readonly options: NotificationOptions,
    ) {
      shown.push(this as never)
    }
    close(): void {}
  }
  vi.stubGlobal('Notification', FakeNotification)
  return { shown, api: FakeNotification }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

async function setup(platform: 'browser' | 'desktop', settings = makeSettings()) {
  const { bridge } = setupStores()
  bridge.handle('getAppInfo', () => makeAppInfo({ platform }))
  bridge.handle('getSettings', () => settings)
  const notices = useNoticesStore()
  await useAppInfoStore().ensureLoaded()
  return { bridge, notices }
}

describe('notices store: serve mode presents the core decisions', () => {
  it('asks from the page, then shows each notice through the Notification API; a click opens its route', async () => {
    const { shown, api } = browserApi('default', 'granted')
    const { bridge, notices } = await setup('browser')
    const opened: string[] = []
    notices.onNavigate((route) => opened.push(route))
    expect(notices.showPrompt).toBe(true)
    await notices.allow()
    expect(api.requestPermission).toHaveBeenCalledTimes(1)
    expect(notices.showPrompt).toBe(false)
    bridge.emit('notice', [NOTICE])
    expect(shown.map((n) => [n.title, n.options.body])).toEqual([[NOTICE.title, NOTICE.body]])
    shown[0]!.onclick?.()
    expect(opened).toEqual(['/address/X'])
    expect(notices.toasts).toEqual([])
  })

  it('shows a toast instead when permission is refused, or not asked for yet', async () => {
    browserApi('default', 'denied')
    const { bridge, notices } = await setup('browser')
    bridge.emit('notice', [NOTICE])
    expect(notices.toasts.map((toast) => toast.title)).toEqual([NOTICE.title])
    await notices.allow()
    expect(notices.mode).toBe('toast')
    bridge.emit('notice', [{ ...NOTICE, title: 'second' }, { ...NOTICE, title: 'third' }, { ...NOTICE, title: 'fourth' }])
    // A few at once; the oldest make room.
    expect(notices.toasts.map((toast) => toast.title)).toEqual(['second', 'third', 'fourth'])
    notices.dismiss(notices.toasts[0]!.id)
    expect(notices.toasts).toHaveLength(2)
  })

  it('hands the Notification API and the toast cleaned, cut words', async () => {
    const { shown } = browserApi('granted')
    const { bridge } = await setup('browser')
    const hostile = { ...NOTICE, title: 'Alert\u0007\u001b', body: `\u202Egnp.exe\u202C\u200B ${'b'.repeat(200_000)}` }
    bridge.emit('notice', [hostile])
    expect(shown[0]!.title).toBe('Alert')
    expect(shown[0]!.options.body).toHaveLength(500)
    expect(shown[0]!.options.body!.startsWith('gnp.exe b')).toBe(true)
    vi.stubGlobal('Notification', undefined)
    const toasts = await setup('browser')
    toasts.bridge.emit('notice', [hostile])
    expect(toasts.notices.toasts[0]!.title).toBe('Alert')
    expect(toasts.notices.toasts[0]!.body).toHaveLength(500)
  })

  it('works without the API at all, with toasts', async () => {
    const { bridge, notices } = await setup('browser')
    vi.stubGlobal('Notification', undefined)
    bridge.emit('notice', [NOTICE])
    expect(notices.toasts).toHaveLength(1)
  })

  it('stays quiet on the desktop, where the app shows native notifications', async () => {
    const { shown } = browserApi('granted')
    const { bridge, notices } = await setup('desktop')
    expect(notices.showPrompt).toBe(false)
    bridge.emit('notice', [NOTICE])
    expect(shown).toEqual([])
    expect(notices.toasts).toEqual([])
  })

  it('toasts only the kinds switched on: by default alerts, health and watched addresses, not the user\'s own proofs', async () => {
    browserApi('denied')
    const { bridge, notices } = await setup('browser')
    const own: Notice = { title: 'Proof verified', body: 'Your age proof was verified', route: '/proofs/P', count: 1, key: 'n1', kind: 'ownProofs' }
    bridge.emit('notice', [own, { ...NOTICE, title: 'Proof revoked', kind: 'alerts' }, { ...NOTICE, title: 'Indexer unreachable', kind: 'health' }])
    expect(notices.toasts.map((toast) => toast.title)).toEqual(['Proof revoked', 'Indexer unreachable'])
    expect(notices.held).toBe(1)
    expect(notices.shown).toBe(2)
  })

  it('follows a kind switched on in the settings, and never shows more than the hour\'s budget', async () => {
    vi.useFakeTimers({ now: 1_000_000, toFake: ['Date', 'setTimeout'] })
    try {
      browserApi('denied')
      const settings = makeSettings()
      settings.notifications = { ...settings.notifications, toasts: { ...settings.notifications.toasts, ownProofs: true }, toastsPerHour: 2 }
      const { bridge, notices } = await setup('browser', settings)
      await useSettingsStore().ensureLoaded()
      const own = (n: number): Notice => ({ title: `own ${n}`, body: '', route: '/proofs', count: 1, key: `k${n}`, kind: 'ownProofs' })
      bridge.emit('notice', [own(1), own(2), own(3)])
      expect(notices.toasts.map((toast) => toast.title)).toEqual(['own 1', 'own 2'])
      expect(notices.held).toBe(1)
      vi.advanceTimersByTime(59 * 60_000)
      bridge.emit('notice', [own(4)])
      expect(notices.held).toBe(2)
      // An hour after the first toast, the budget has room again.
      vi.advanceTimersByTime(60_000)
      bridge.emit('notice', [own(5)])
      expect(notices.toasts.map((toast) => toast.title)).toEqual(['own 5'])
    } finally {
      vi.useRealTimers()
    }
  })
})
