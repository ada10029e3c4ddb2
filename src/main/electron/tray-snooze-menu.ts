/**
 * The tray's Snooze submenu: each notification rule (source) for 1 hour,
 * 8 hours, until the next 08:00 or for good, and an "End snooze" item for
 * each snooze in force. An address is named only as the privacy setting
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

export function traySnoozeMenu(snoozes: readonly Snooze[], privacy: NotificationPrivacy, actions: TraySnoozeActions): MenuItemConstructorOptions {
  const describeAddress = (pubkey: string) => (privacy === 'full' ? shortId(pubkey) : HIDDEN_ADDRESS)
  const rules: MenuItemConstructorOptions[] = NOTIFICATION_SOURCES.map((source) => {
    const target: SnoozeTarget = { kind: 'source', id: source }
    return {
      label: snoozeTargetText(target),
      submenu: SNOOZE_DURATIONS.map((duration) => ({ label: SNOOZE_DURATION_TEXT[duration], click: () => actions.snooze(target, duration) })),
    }
  })
  const ends: MenuItemConstructorOptions[] = snoozes.map((snooze) => ({
    label: `End snooze: ${snoozeTargetText(snooze.target, describeAddress)} (${snoozeEndText(snooze)})`,
    click: () => actions.endSnooze(snooze.target),
  }))
  return { label: snoozes.length > 0 ? `Snooze (${snoozes.length} in force)` : 'Snooze', submenu: ends.length > 0 ? [...rules, { type: 'separator' }, ...ends] : rules }
}
