import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Notice } from '@shared/notice'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeAppInfo } from '@test/support/renderer/workspace-fixtures'
import { useAppInfoStore } from './app-info'
import { useNoticesStore } from './notices'

const NOTICE: Notice = { title: '5 new transactions on Treasury', body: 'a, b, c and 2 more', route: '/address/X', count: 5, key: null }

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

async function setup(platform: 'browser' | 'desktop') {
  const { bridge } = setupStores()
  bridge.handle('getAppInfo', () => makeAppInfo({ platform }))
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
})
