import { ref } from 'vue'
import { defineStore } from 'pinia'
import type { AuthState } from '@shared/auth'
import { toErrorInfo } from '@shared/errors'
import { getBridge } from '@renderer/bridge'
import { busyAction } from '@renderer/model/busy-action'

/** Who is signed in to the active indexer, and the sign-in actions. The cookie never reaches the page. */
export const useAuthStore = defineStore('auth', () => {
  const bridge = getBridge()
  const state = ref<AuthState | null>(null)
  const busy = ref(false)
  const error = ref<string | null>(null)
  /** The sign-in page's URL when this page had to open it itself (serve mode), as a fallback link. */
  const pageUrl = ref<string | null>(null)
  let started = false

  bridge.on('auth', (next) => {
    state.value = next
    if (next.status === 'signed-in') pageUrl.value = null
  })

  async function ensureLoaded(): Promise<void> {
    if (started) return
    started = true
    try {
      state.value = await bridge.getAuth()
    } catch (caught) {
      error.value = toErrorInfo(caught).message
    }
  }

  const run = busyAction(busy, error)

  function signInWithWallet(): Promise<void> {
    // Opened now, while the click still counts as the user's: a tab opened after an await is often blocked.
    const tab = window.open('about:blank', '_blank')
    return run(async () => {
      const started = await bridge.signInWithWallet()
      if (started.opened) {
        tab?.close()
        return
      }
      pageUrl.value = started.url
      if (tab) tab.location.href = started.url
    }).finally(() => {
      if (error.value) tab?.close()
    })
  }

  function signInWithKeypair(path: string | null): Promise<void> {
    return run(async () => {
      state.value = await bridge.signInWithKeypair(path)
    })
  }

  /** Signs the message shown in `state.confirmation` (accept) or drops it. */
  function confirmSignIn(accept: boolean): Promise<void> {
    const waiting = state.value?.confirmation
    if (!waiting) return Promise.resolve()
    return run(async () => {
      state.value = await bridge.confirmSignIn(waiting.id, accept)
    })
  }

  function signOut(): Promise<void> {
    return run(async () => {
      state.value = await bridge.signOut()
    })
  }

  return { state, busy, error, pageUrl, ensureLoaded, signInWithWallet, signInWithKeypair, confirmSignIn, signOut }
})
