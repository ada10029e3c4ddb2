/**
 * The signed-in user's notification preferences, as the reference deployment
 * keeps them (docs/wire.md, "Accounts"): which channels (in-app, email,
 * push) and which events. PATCH merges what it is sent; an unknown field or
 * a value that is not a boolean is a 400, as on the reference.
 */
export const PREFERENCE_CHANNELS = ['inApp', 'email', 'push'] as const
export const PREFERENCE_EVENTS = ['proofVerified', 'proofRevoked', 'watchedAddressActivity', 'circuitRegistered', 'systemAnnouncements'] as const

export interface NotificationPreferences {
  channels: Record<(typeof PREFERENCE_CHANNELS)[number], boolean>
  events: Record<(typeof PREFERENCE_EVENTS)[number], boolean>
}

export const DEFAULT_PREFERENCES: NotificationPreferences = {
  channels: { inApp: true, email: false, push: false },
  events: { proofVerified: true, proofRevoked: true, watchedAddressActivity: true, circuitRegistered: false, systemAnnouncements: true },
}

/** The merged preferences, or the reason the patch is refused. */
export function patchPreferences(current: NotificationPreferences, patch: unknown): NotificationPreferences | string {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return 'Body must be an object'
  const next: NotificationPreferences = { channels: { ...current.channels }, events: { ...current.events } }
  for (const [group, names] of [
    ['channels', PREFERENCE_CHANNELS],
    ['events', PREFERENCE_EVENTS],
  ] as const) {
    const given = (patch as Record<string, unknown>)[group]
    if (given === undefined) continue
    if (typeof given !== 'object' || given === null || Array.isArray(given)) return `${group} must be an object`
    for (const [name, value] of Object.entries(given)) {
      if (!(names as readonly string[]).includes(name)) return `Unknown ${group} field: ${name.slice(0, 40)}`
      if (typeof value !== 'boolean') return `${group}.${name} must be a boolean`
      ;(next[group] as Record<string, boolean>)[name] = value
    }
  }
  for (const key of Object.keys(patch)) if (key !== 'channels' && key !== 'events') return `Unknown field: ${key.slice(0, 40)}`
  return next
}
