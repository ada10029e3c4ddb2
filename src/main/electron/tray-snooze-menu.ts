/**
 * The tray's Snooze submenu: each notification rule (source), the
 * revocations-and-failures kind and the addresses of the recent events, for
 * 1 hour, 8 hours, until the next 08:00 or for good, and an "End snooze" item
 * for each snooze in force. An address is named only as the privacy setting
 * allows, like every tray text.
 */
import type { MenuItemConstructorOptions } from 'electron'
import { NOTIFICATION_SOURCES, type NotificationPrivacy } from '@shared/notification-rules'
import { shortId } from '@shared/ids'
import { HIDDEN_ADDRESS } from '@shared/notification-privacy'
import type { Snooze, SnoozeDuration, SnoozeTarget } from '@shared/snooze'
import { localClockText, SNOOZE_DURATIONS, SNOOZE_DURATION_TEXT, snoozeTargetText } from '@shared/snooze'

export interface TraySnoozeActions {
  snooze(target: SnoozeTarget, duration: SnoozeDuration): void
  endSnooze(target: SnoozeTarget): void
}

export function snoozeEndText(snooze: Snooze): string {
  return snooze.until === null ? 'until ended' : `until ${localClockText(snooze.until)}`
}

/** Recent events' addresses shown in the menu at most. */
const RECENT_ADDRESSES_IN_MENU = 5
const ADDRESS_ROUTE = /^\/address\/([1-9A-HJ-NP-Za-km-z]{32,44})$/

/** The distinct addresses the recent events (newest first) lead to, with the position of the first event of each. */
function recentAddresses(recentRoutes: readonly string[]): Array<{ pubkey: string; position: number }> {
  const found = new Map<string, number>()
  recentRoutes.forEach((route, index) => {
    const pubkey = ADDRESS_ROUTE.exec(route)?.[1]
    if (pubkey !== undefined && !found.has(pubkey)) found.set(pubkey, index + 1)
  })
  return [...found].slice(0, RECENT_ADDRESSES_IN_MENU).map(([pubkey, position]) => ({ pubkey, position }))
}

/** `recentRoutes`: where the recent events in the menu lead, in the order shown. */
export function traySnoozeMenu(snoozes: readonly Snooze[], privacy: NotificationPrivacy, actions: TraySnoozeActions, recentRoutes: readonly string[] = []): MenuItemConstructorOptions {
  const describeAddress = (pubkey: string) => (privacy === 'full' ? shortId(pubkey) : HIDDEN_ADDRESS)
  const choices = (label: string, target: SnoozeTarget): MenuItemConstructorOptions => ({
    label,
    submenu: SNOOZE_DURATIONS.map((duration) => ({ label: SNOOZE_DURATION_TEXT[duration], click: () => actions.snooze(target, duration) })),
  })
  const kinds: SnoozeTarget[] = [...NOTIFICATION_SOURCES.map((source): SnoozeTarget => ({ kind: 'source', id: source })), { kind: 'notice', id: 'alerts' }]
  // Under privacy an address has no name here: it is told by the recent event it comes from, listed just above.
  const addresses = recentAddresses(recentRoutes).map(({ pubkey, position }) =>
    choices(privacy === 'full' ? `Address ${shortId(pubkey)}` : `The address of recent event ${position}`, { kind: 'address', id: pubkey }),
  )
  const rules: MenuItemConstructorOptions[] = [...kinds.map((target) => choices(snoozeTargetText(target), target)), ...(addresses.length > 0 ? [{ type: 'separator' as const }, ...addresses] : [])]
  const ends: MenuItemConstructorOptions[] = snoozes.map((snooze) => ({
    label: `End snooze: ${snoozeTargetText(snooze.target, describeAddress)} (${snoozeEndText(snooze)})`,
    click: () => actions.endSnooze(snooze.target),
  }))
  return { label: snoozes.length > 0 ? `Snooze (${snoozes.length} in force)` : 'Snooze', submenu: ends.length > 0 ? [...rules, { type: 'separator' }, ...ends] : rules }
}
