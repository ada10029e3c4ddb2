import { describe, expect, it } from 'vitest'
import { registerWindowToggle, TOGGLE_WINDOW_ACCELERATOR, type GlobalShortcutLike } from './global-shortcut'

function shortcuts(free: boolean) {
  const held = new Map<string, () => void>()
  const api: GlobalShortcutLike = {
    register: (accelerator, callback) => {
      if (!free) return false
      held.set(accelerator, callback)
      return true
    },
    unregister: (accelerator) => void held.delete(accelerator),
  }
  return { api, held }
}

function logger() {
  const lines: string[] = []
  return { lines, info: () => undefined, warn: (message: string) => void lines.push(message), error: () => undefined }
}

describe('registerWindowToggle', () => {
  it('toggles the window on its accelerator and lets it go at quit', () => {
    const { api, held } = shortcuts(true)
    let toggled = 0
    const release = registerWindowToggle(api, () => toggled++, logger())
    held.get(TOGGLE_WINDOW_ACCELERATOR)?.()
    expect(toggled).toBe(1)
    release()
    expect(held.size).toBe(0)
  })

  it('says so when another program holds the keys, and releases nothing', () => {
    const { api, held } = shortcuts(false)
    const log = logger()
    registerWindowToggle(api, () => undefined, log)()
    expect(log.lines.join('\n')).toContain('held by another program')
    expect(held.size).toBe(0)
  })
})
