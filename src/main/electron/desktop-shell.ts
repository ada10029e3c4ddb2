/**
 * What the desktop adds around the monitor once the app runs: native
 * notifications (the core decides and pushes `notice`; this only shows), the tray, the application
 * menu, power and network hooks, launch at login and the connection log.
 * Electron objects come in through `DesktopShellDeps`, so it runs under test
 * with fakes.
 */
import type { Menu, MenuItemConstructorOptions } from 'electron'
import type { BridgeEvent } from '@shared/bridge'
import type { ConnectionState, ErrorInfo } from '@shared/domain'
import { toErrorInfo } from '@shared/errors'
import type { NotificationRules } from '@shared/notification-rules'
import { DEFAULT_NOTIFICATION_RULES } from '@shared/notification-rules'
import type { DesktopOptions, PublicSettings } from '@shared/settings'
import type { Snooze, SnoozeDuration, SnoozeTarget } from '@shared/snooze'
import type { Logger } from '../core/log/log'
import type { Monitor } from '../core/monitor/monitor'
import { routeForNotification } from '../core/notify/routes'
import type { NotifyClock } from '../core/notify/timers'
import { appMenuTemplate } from './app-menu'
import { ConnectionHistory } from './connection-history'
import type { LoginItemApp } from './login-item'
import { applyLoginItem } from './login-item'
import type { NotificationLike } from './notifications'
import { NativeNotifications } from './notifications'
import type { PowerMonitorLike, PowerWatch } from './power'
import { watchPower } from './power'
import type { TrayLike } from './tray'
import { TrayController } from './tray'

export const DEFAULT_DESKTOP_OPTIONS: DesktopOptions = { closeToTray: true, startHidden: false, launchAtLogin: false }

export interface DesktopShellDeps {
  monitor: Monitor
  platform: NodeJS.Platform
  /** The folder holding `tray/` and the app icon. */
  resourcesDir: string
  iconPath?: string | undefined
  log: Logger
  /** The log folder, for "Open logs folder"; null when logging to the console only. */
  logsDir: string | null
  dev: boolean
  Menu: { buildFromTemplate(template: MenuItemConstructorOptions[]): Menu; setApplicationMenu(menu: Menu | null): void }
  /** Null where the system has no tray. */
  createTray: ((image: string) => TrayLike) | null
  createNotification(options: { title: string; body: string; icon?: string }): NotificationLike
  notificationsSupported(): boolean
  openPath(path: string): Promise<string>
  nativeTheme: { readonly shouldUseDarkColors: boolean; on(event: 'updated', listener: () => void): unknown }
  powerMonitor: PowerMonitorLike
  net: { isOnline(): boolean }
  loginItems: LoginItemApp
  execPath: string
  env: Record<string, string | undefined>
  /** Brings the window forward, opening it when it is closed. */
  showWindow(): void
  isWindowVisible(): boolean
  /** Hands events to the renderer (held until its page is ready). */
  pushEvents(batch: BridgeEvent[]): void
  quit(): void
  clock?: NotifyClock
}

export class DesktopShell {
  private rules: NotificationRules = DEFAULT_NOTIFICATION_RULES
  private desktop: DesktopOptions = DEFAULT_DESKTOP_OPTIONS
  private loginItemApplied: boolean | null = null
  private livePaused = false
  private unread = 0
  private snoozes: Snooze[] = []
  /** The watched addresses' keys and names, which the tray hides under the "No addresses" privacy. */
  private readonly natives: NativeNotifications
  private readonly history: ConnectionHistory
  private tray: TrayController | null = null
  private menuShown = ''
  private power: PowerWatch | null = null
  private stopEvents: (() => void) | null = null

  constructor(private readonly deps: DesktopShellDeps) {
    this.history = new ConnectionHistory(deps.log)
    this.natives = new NativeNotifications({
      create: (options) => deps.createNotification(options as { title: string; body: string; icon?: string }),
      isSupported: () => deps.notificationsSupported(),
      iconPath: deps.iconPath,
      onClick: (route) => this.navigate(route),
      log: deps.log,
    })
  }

  /** Reads settings and the watchlist, then builds the tray and menu and starts following the monitor. */
  async start(): Promise<void> {
    const { monitor, log } = this.deps
    this.stopEvents = monitor.onEvents((batch) => this.onBatch(batch))
    try {
      this.applySettings(await monitor.getSettings())
      this.snoozes = await monitor.listSnoozes()
    } catch (error) {
      log.warn('Could not read the settings; desktop options use their defaults', toErrorInfo(error))
    }
    this.tray = this.createTray()
    this.updateMenu()
    this.deps.nativeTheme.on('updated', () => this.tray?.update({ darkPanel: this.deps.nativeTheme.shouldUseDarkColors }))
    this.power = watchPower({
      powerMonitor: this.deps.powerMonitor,
      net: this.deps.net,
      isWindowVisible: () => this.deps.isWindowVisible(),
      log,
      hooks: {
        suspend: () => monitor.suspend(),
        resume: () => monitor.resume(),
        setOnline: (online) => monitor.setOnline(online),
        setActivity: (activity) => monitor.setActivity(activity),
      },
    })
  }

  /** The window was shown, hidden, minimised or closed: polling follows. */
  windowVisibilityChanged(): void {
    this.power?.check()
  }

  /** Whether closing the window should hide it to the tray. */
  get closeToTray(): boolean {
    return this.desktop.closeToTray && this.tray !== null
  }

  get options(): DesktopOptions {
    return { ...this.desktop }
  }

  get hasTray(): boolean {
    return this.tray !== null
  }

  /** The one unread model's total, as the core last pushed it. */
  get unreadCount(): number {
    return this.unread
  }

  /** Shows the window and opens `route` in it. */
  navigate(route: string): void {
    this.deps.showWindow()
    this.deps.pushEvents([{ event: 'navigate', payload: route }])
  }

  /** Tells the user about something that went wrong outside any request. */
  problem(problem: ErrorInfo): void {
    this.deps.pushEvents([{ event: 'problem', payload: problem }])
  }

  /** Settings as read at start or saved (the `settings` event): rules, tray and menu switches, login item. */
  applySettings(settings: PublicSettings): void {
    this.rules = settings.notifications
    this.desktop = { ...DEFAULT_DESKTOP_OPTIONS, ...settings.desktop }
    if (this.loginItemApplied !== this.desktop.launchAtLogin) {
      const applied = applyLoginItem({
        app: this.deps.loginItems,
        platform: this.deps.platform,
        enabled: this.desktop.launchAtLogin,
        execPath: this.deps.execPath,
        env: this.deps.env,
        log: this.deps.log,
      })
      if (applied) this.loginItemApplied = this.desktop.launchAtLogin
      else this.problem({ code: 'INTERNAL', message: 'Launch at login could not be changed; see the log' })
    }
    this.tray?.update({ doNotDisturb: this.rules.doNotDisturb, privacy: this.rules.privacy })
    this.updateMenu()
  }

  async snooze(target: SnoozeTarget, duration: SnoozeDuration): Promise<void> {
    try {
      // Shown when the monitor's `snoozes` event comes.
      await this.deps.monitor.snoozeNotifications({ target, duration })
    } catch (error) {
      this.deps.log.warn('Could not snooze', toErrorInfo(error))
      this.problem(toErrorInfo(error))
    }
  }

  async endSnooze(target: SnoozeTarget): Promise<void> {
    try {
      await this.deps.monitor.endSnooze(target)
    } catch (error) {
      this.deps.log.warn('Could not end a snooze', toErrorInfo(error))
      this.problem(toErrorInfo(error))
    }
  }

  async setDoNotDisturb(on: boolean): Promise<void> {
    try {
      // Applied when the monitor's `settings` event comes, as every save is.
      await this.deps.monitor.updateSettings({ notifications: { doNotDisturb: on } })
    } catch (error) {
      this.deps.log.warn('Could not switch do not disturb', toErrorInfo(error))
      this.problem(toErrorInfo(error))
    }
  }

  async setLivePaused(paused: boolean): Promise<void> {
    try {
      this.noteConnection(await this.deps.monitor.setLivePaused(paused))
    } catch (error) {
      this.deps.log.warn('Could not pause or resume the live feed', toErrorInfo(error))
      this.problem(toErrorInfo(error))
    }
  }

  async reconnectNow(): Promise<void> {
    try {
      this.noteConnection(await this.deps.monitor.reconnectNow())
    } catch (error) {
      this.problem(toErrorInfo(error))
    }
  }

  async openLogsFolder(): Promise<void> {
    const dir = this.deps.logsDir
    if (!dir) {
      this.problem({ code: 'INTERNAL', message: 'There is no log folder: the log goes to the console in this run' })
      return
    }
    const failure = await this.deps.openPath(dir).catch((error: unknown) => toErrorInfo(error).message)
    if (failure) this.problem({ code: 'INTERNAL', message: `Could not open the logs folder ${dir}: ${failure}` })
  }

  /** Events as the monitor pushes them (the renderer gets them through the relay, separately). */
  onBatch(batch: readonly BridgeEvent[]): void {
    for (const item of batch) {
      if (item.event === 'connection') this.noteConnection(item.payload)
      else if (item.event === 'settings') this.applySettings(item.payload)
      else if (item.event === 'unread') {
        this.unread = item.payload.total
        this.tray?.update({ unread: this.unread })
      } else if (item.event === 'notice') {
        // The core decided (rules, cap, bursts); the desktop only shows.
        for (const notice of item.payload) this.natives.show(notice)
      } else if (item.event === 'snoozes') {
        this.snoozes = item.payload
        this.tray?.update({ snoozes: this.snoozes })
      } else if (item.event === 'watchlist') {
        this.tray?.update({ hiddenWords: this.deps.monitor.privacyWords() })
      } else if (item.event === 'notifications') {
        // An entry's title may hold a display name read since: the words to hide are asked anew with it.
        this.tray?.update({ hiddenWords: this.deps.monitor.privacyWords() })
        this.tray?.addRecent(item.payload.map((entry) => ({ title: entry.title, route: routeForNotification(entry) })))
      }
    }
  }

  stats() {
    return { nativeNotificationsKept: this.natives.count }
  }

  dispose(): void {
    this.stopEvents?.()
    this.power?.dispose()
    this.natives.closeAll()
    this.tray?.destroy()
    this.tray = null
  }

  private noteConnection(state: ConnectionState): void {
    this.history.note(state)
    this.livePaused = state.paused === true
    this.tray?.update({ connection: state.socket.state === 'live' ? 'connected' : 'offline', livePaused: this.livePaused })
    this.updateMenu()
  }

  private createTray(): TrayController | null {
    const create = this.deps.createTray
    if (!create) return null
    try {
      return new TrayController(
        {
          createTray: create,
          ...(this.deps.clock ? { clock: this.deps.clock } : {}),
          buildMenu: (template) => this.deps.Menu.buildFromTemplate(template),
          resourcesDir: this.deps.resourcesDir,
          platform: this.deps.platform,
          actions: {
            open: () => this.deps.showWindow(),
            openRoute: (route) => this.navigate(route),
            setDoNotDisturb: (on) => void this.setDoNotDisturb(on),
            setLivePaused: (paused) => void this.setLivePaused(paused),
            snooze: (target, duration) => void this.snooze(target, duration),
            endSnooze: (target) => void this.endSnooze(target),
            quit: () => this.deps.quit(),
          },
        },
        {
          connection: 'offline',
          unread: this.unread,
          doNotDisturb: this.rules.doNotDisturb,
          livePaused: this.livePaused,
          recent: [],
          darkPanel: this.deps.nativeTheme.shouldUseDarkColors,
          snoozes: this.snoozes,
          privacy: this.rules.privacy,
          hiddenWords: this.deps.monitor.privacyWords(),
        },
      )
    } catch (error) {
      // Some Linux desktops have no status area: the app works without a tray, and closing quits.
      this.deps.log.warn('No tray icon on this system', toErrorInfo(error))
      return null
    }
  }

  private updateMenu(): void {
    // Connection events come often; the menu changes only with its switches.
    const key = JSON.stringify({ livePaused: this.livePaused, doNotDisturb: this.rules.doNotDisturb })
    if (key === this.menuShown) return
    this.menuShown = key
    const template = appMenuTemplate(
      this.deps.platform,
      { livePaused: this.livePaused, doNotDisturb: this.rules.doNotDisturb, dev: this.deps.dev },
      {
        navigate: (route) => this.navigate(route),
        reconnectNow: () => void this.reconnectNow(),
        setLivePaused: (paused) => void this.setLivePaused(paused),
        setDoNotDisturb: (on) => void this.setDoNotDisturb(on),
        openLogsFolder: () => void this.openLogsFolder(),
      },
    )
    this.deps.Menu.setApplicationMenu(this.deps.Menu.buildFromTemplate(template))
  }
}
