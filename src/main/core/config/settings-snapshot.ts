import type { SavedSettings, SettingsStorage } from './settings'

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) deepFreeze(child)
  }
  return value
}

/**
 * The saved settings for what reads them at every event (the notification
 * rules): `read()` hands out a copy of the whole settings each time, which in
 * a flood was 8% of the core's time. `current()` is one shared, frozen copy,
 * made again after each write through this wrapper (every write of the core
 * goes through it).
 */
export class SettingsSnapshot implements SettingsStorage {
  private snapshot: SavedSettings | null = null

  constructor(private readonly storage: SettingsStorage) {}

  get notice(): string | null | undefined {
    return this.storage.notice
  }

  read(): SavedSettings {
    return this.storage.read()
  }

  write(next: SavedSettings): void {
    this.snapshot = null
    this.storage.write(next)
  }

  /** Frozen: never to be changed in place. */
  current(): SavedSettings {
    return (this.snapshot ??= deepFreeze(this.storage.read()))
  }
}
