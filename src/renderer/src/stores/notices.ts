import { computed, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { Notice } from '@shared/notice'
import { notificationText } from '@shared/notification-text'
import { DEFAULT_NOTIFICATION_RULES } from '@shared/notification-rules'
import { getBridge } from '@renderer/bridge'
import { ToastBudget } from '@shared/toast-budget'
import { useAppInfoStore } from './app-info'
import { useSettingsStore } from './settings'

export type PagePermission = NotificationPermission | 'unsupported'

export interface Toast extends Notice {
  id: number
}

/** Toasts shown at once; older ones make room. */
const MAX_TOASTS = 3
const TOAST_MS = 8000

function browserNotifications(): typeof Notification | null {
  return typeof globalThis.Notification === 'function' ? globalThis.Notification : null
}

/**
 * Serve mode's presenter of the core's decisions: main decides what may pop
 * up (the same rules as the desktop's native notifications) and pushes it as
 * `notice`; in a browser tab this shows it through the Notification API once
 * the user allowed it from the in-app prompt, or as an in-app toast when
 * they did not. Toasts are opt-in per kind and capped per hour (the rules'
 * `toasts`, `toastsPerHour`; see shared/toast-budget.ts). The desktop shows
 * natives itself, so the page stays quiet there.
 */
export const useNoticesStore = defineStore('notices', () => {
  const bridge = getBridge()
  const appInfo = useAppInfoStore()
  const settings = useSettingsStore()
  const budget = new ToastBudget(() => Date.now())
  /** Notices that did not toast (kind off or the hour's budget spent): they are in the centre. */
  const held = ref(0)
  const api = browserNotifications()
  const permission = ref<PagePermission>(api ? api.permission : 'unsupported')
  /** The user answered "Not now": no prompt again in this tab. */
  const promptDismissed = ref(false)
  const toasts = shallowRef<Toast[]>([])
  /** Notices shown by this page (browser notifications or toasts), for the centre's line. */
  const shown = ref(0)
  let nextId = 1
  let navigate: (route: string) => void = () => undefined

  const inPage = computed(() => appInfo.info?.platform === 'browser')
  const showPrompt = computed(() => inPage.value && permission.value === 'default' && !promptDismissed.value)
  const mode = computed<'browser' | 'toast' | 'desktop'>(() => (!inPage.value ? 'desktop' : permission.value === 'granted' ? 'browser' : 'toast'))

  bridge.on('notice', (notices) => {
    if (!inPage.value) return
    for (const notice of notices) present(notice)
  })

  function present(given: Notice): void {
    // The browser's Notification API and the toast get the same cleaned words as the desktop's natives.
    const notice: Notice = { ...given, ...notificationText(given) }
    if (api && permission.value === 'granted') {
      try {
        const shownNotice = new api(notice.title, { body: notice.body, tag: notice.key ?? undefined })
        shown.value++
        shownNotice.onclick = () => {
          globalThis.focus?.()
          navigate(notice.route)
          shownNotice.close()
        }
        return
      } catch {
        // Some browsers allow notifications only from a service worker: the toast still shows it.
      }
    }
    // The toast switches are in the settings; until they have loaded, the defaults hold.
    void settings.ensureLoaded()
    const rules = settings.settings?.notifications ?? DEFAULT_NOTIFICATION_RULES
    if (budget.admit(notice, rules) !== 'show') {
      held.value++
      return
    }
    shown.value++
    const toast: Toast = { ...notice, id: nextId++ }
    toasts.value = [...toasts.value, toast].slice(-MAX_TOASTS)
    setTimeout(() => dismiss(toast.id), TOAST_MS)
  }

  function dismiss(id: number): void {
    toasts.value = toasts.value.filter((toast) => toast.id !== id)
  }

  /** Asked from a click in the page: browsers allow the permission prompt only after a user gesture. */
  async function allow(): Promise<void> {
    if (!api) return
    try {
      permission.value = await api.requestPermission()
    } catch {
      permission.value = api.permission
    }
  }

  function notNow(): void {
    promptDismissed.value = true
  }

  function onNavigate(handler: (route: string) => void): void {
    navigate = handler
  }

  return { permission, promptDismissed, toasts, shown, held, inPage, showPrompt, mode, allow, notNow, dismiss, onNavigate }
})
