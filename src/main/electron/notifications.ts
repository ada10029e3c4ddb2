/**
 * Shows what the notify core decided as native notifications. Each one is
 * kept referenced until it is closed: a notification object that is garbage
 * collected loses its click handler while still on screen.
 */
import type { NotificationConstructorOptions } from 'electron'
import type { Logger } from '../core/log/log'
import type { NativeNotice } from '../core/notify/summary'
import { notificationText } from '@shared/notification-text'
import { PRODUCT_NAME } from './app-identity'

/** The part of Electron's Notification used here. */
export interface NotificationLike {
  show(): void
  close(): void
  on(event: 'click' | 'close' | 'failed', listener: (...args: unknown[]) => void): unknown
}

export interface NativeNotificationsDeps {
  create(options: NotificationConstructorOptions): NotificationLike
  isSupported(): boolean
  /** The app icon (Linux and Windows show it; macOS uses the app's own). */
  iconPath?: string | undefined
  /** A click: bring the window forward and open `route`. */
  onClick(route: string, notice: NativeNotice): void
  log: Logger
  /** Platforms that never report `close` would otherwise keep them all; the oldest are let go past this. */
  maxKept?: number
}


export class NativeNotifications {
  private readonly kept = new Set<NotificationLike>()
  private readonly maxKept: number
  private unsupportedLogged = false

  constructor(private readonly deps: NativeNotificationsDeps) {
    this.maxKept = deps.maxKept ?? 50
  }

  /** Shows one notification; false when the OS offers none. */
  show(notice: NativeNotice): boolean {
    if (!this.deps.isSupported()) {
      if (!this.unsupportedLogged) this.deps.log.warn('This system shows no native notifications; they stay in the notification centre')
      this.unsupportedLogged = true
      return false
    }
    // Cleaned again at the edge: summaries quote candidates, and nothing uncleaned may reach the OS (shared/notification-text.ts).
    const text = notificationText(notice)
    const notification = this.deps.create({
      title: text.title || PRODUCT_NAME,
      body: text.body,
      ...(this.deps.iconPath ? { icon: this.deps.iconPath } : {}),
    })
    const release = () => this.kept.delete(notification)
    notification.on('click', () => this.deps.onClick(notice.route, notice))
    notification.on('close', release)
    notification.on('failed', (_event, error) => {
      release()
      this.deps.log.warn('A notification could not be shown', { error: String(error) })
    })
    this.kept.add(notification)
    while (this.kept.size > this.maxKept) {
      const oldest = this.kept.values().next().value
      if (!oldest) break
      this.kept.delete(oldest)
    }
    notification.show()
    return true
  }

  /** Notifications still referenced (shown and not closed). */
  get count(): number {
    return this.kept.size
  }

  closeAll(): void {
    for (const notification of [...this.kept]) notification.close()
    this.kept.clear()
  }
}
