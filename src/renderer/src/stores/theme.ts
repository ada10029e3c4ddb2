import { computed, onScopeDispose, ref, watch } from 'vue'
import { defineStore } from 'pinia'
import type { ThemeChoice } from '@shared/settings'
import { useSettingsStore } from './settings'

const DARK_QUERY = '(prefers-color-scheme: dark)'

/**
 * Puts the chosen theme on `root` as `data-theme`. 'system' removes the
 * attribute, so the stylesheet's prefers-color-scheme rules decide.
 */
export function applyTheme(root: HTMLElement, choice: ThemeChoice): void {
  if (choice === 'system') root.removeAttribute('data-theme')
  else root.setAttribute('data-theme', choice)
}

/** The theme setting applied to the page, and the scheme in effect (for what CSS cannot colour, like charts). */
export const useThemeStore = defineStore('theme', () => {
  const settings = useSettingsStore()
  const choice = computed<ThemeChoice>(() => settings.settings?.theme ?? 'system')

  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null
  const systemDark = ref(media?.matches ?? false)
  const onSystemChange = (event: MediaQueryListEvent) => (systemDark.value = event.matches)
  media?.addEventListener('change', onSystemChange)
  onScopeDispose(() => media?.removeEventListener('change', onSystemChange))

  const effective = computed<'light' | 'dark'>(() =>
    choice.value === 'system' ? (systemDark.value ? 'dark' : 'light') : choice.value,
  )

  let started = false

  /** Applies the setting to `root` now and whenever it changes; later calls do nothing. */
  function start(root: HTMLElement = document.documentElement): Promise<void> {
    if (started) return Promise.resolve()
    started = true
    watch(choice, (next) => applyTheme(root, next), { immediate: true })
    return settings.ensureLoaded()
  }

  return { choice, effective, start }
})
