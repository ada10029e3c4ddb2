import { computed, onScopeDispose, ref, watch } from 'vue'
import { defineStore } from 'pinia'
import type { ThemeChoice } from '@shared/settings'
import { useSettingsStore } from './settings'

const DARK_QUERY = '(prefers-color-scheme: dark)'

/** Puts the scheme in effect on `root` as `data-theme`: the stylesheet's only switch between its palettes. */
export function applyTheme(root: HTMLElement, scheme: 'light' | 'dark'): void {
  root.setAttribute('data-theme', scheme)
}

/**
 * The theme setting applied to the page: 'system' resolved here through
 * prefers-color-scheme (and followed when the system changes), so the
 * stylesheet writes its dark palette once, under data-theme='dark'. The
 * scheme in effect also serves what CSS cannot colour, like charts.
 */
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
    watch(effective, (next) => applyTheme(root, next), { immediate: true })
    return settings.ensureLoaded()
  }

  return { choice, effective, start }
})
