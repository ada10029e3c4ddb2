/**
 * The tray icon: its image shows connected / offline / unread, its tooltip
 * the unread count, and its context menu (always set: Linux ignores clicks
 * on indicator icons) opens the window, the last few events, and switches
 * do-not-disturb and the live feed. The Tray itself is injected, so all of
 * this is tested without Electron.
 */
import { join } from 'node:path'
import type { Menu, MenuItemConstructorOptions } from 'electron'
import type { NotificationPrivacy } from '@shared/notification-rules'
import { privateText } from '@shared/notification-privacy'
import type { Snooze } from '@shared/snooze'
import { PRODUCT_NAME } from './app-identity'
import { traySnoozeMenu, type TraySnoozeActions } from './tray-snooze-menu'

export interface RecentEvent {
  title: string
  route: string
}

export interface TrayState {
  connection: 'connected' | 'offline'
  unread: number
  doNotDisturb: boolean
  livePaused: boolean
  /** Newest first. */
  recent: RecentEvent[]
  /** The panel the icon sits on is dark (Windows, Linux); macOS recolours template images itself. */
  darkPanel: boolean
  snoozes: Snooze[]
  /** What the recent events' titles may say (the notification privacy), and the address words it hides. */
  privacy: NotificationPrivacy
  hiddenWords: string[]
}

export type TrayIconState = 'connected' | 'offline' | 'unread'

export interface TrayActions extends TraySnoozeActions {
  open(): void
  openRoute(route: string): void
  setDoNotDisturb(on: boolean): void
  setLivePaused(paused: boolean): void
  quit(): void
}

/** The part of Electron's Tray the controller uses. */
export interface TrayLike {
  setImage(image: string): void
  setToolTip(toolTip: string): void
  setContextMenu(menu: Menu | null): void
  on(event: 'click' | 'double-click', listener: () => void): unknown
  destroy(): void
}

export interface TrayDeps {
  createTray(image: string): TrayLike
  buildMenu(template: MenuItemConstructorOptions[]): Menu
  /** The folder holding `tray/`. */
  resourcesDir: string
  platform: NodeJS.Platform
  actions: TrayActions
  /** Timers for spacing out tooltip and recent-event updates during a flood of events. */
  clock?: { now(): number; setTimeout(callback: () => void, ms: number): unknown; clearTimeout(handle: unknown): void }
}

/** Tooltip and recent events change at most this often; icon and switches change at once. */
export const TRAY_TEXT_INTERVAL_MS = 1000

export const RECENT_IN_MENU = 5
const MENU_LABEL_MAX = 60

export const INITIAL_TRAY_STATE: TrayState = {
  connection: 'offline',
  unread: 0,
  doNotDisturb: false,
  livePaused: false,
  recent: [],
  darkPanel: false,
  snoozes: [],
  privacy: 'full',
  hiddenWords: [],
}

/** Offline matters most (what is shown is not live), then unread. */
export function trayIconState(state: TrayState): TrayIconState {
  if (state.connection === 'offline') return 'offline'
  return state.unread > 0 ? 'unread' : 'connected'
}

/** The icon file; Electron picks the `@2x` file next to it on high-density screens. */
export function trayIconPath(resourcesDir: string, iconState: TrayIconState, platform: NodeJS.Platform, darkPanel: boolean): string {
  const name = platform === 'darwin' ? `tray-${iconState}Template.png` : `tray-${iconState}-${darkPanel ? 'dark' : 'light'}.png`
  return join(resourcesDir, 'tray', name)
}

export function trayTooltip(state: TrayState): string {
  const parts = [state.livePaused ? 'live feed paused' : state.connection]
  if (state.unread > 0) parts.push(`${state.unread > 999 ? '999+' : state.unread} unread`)
  if (state.doNotDisturb) parts.push('do not disturb')
  return `${PRODUCT_NAME} — ${parts.join(' · ')}`
}

function menuLabel(text: string): string {
  // Menus treat & as a mnemonic marker; a title is shown as it is.
  const plain = text.replace(/[\r\n\t]+/g, ' ').replace(/&/g, '&&')
  return plain.length > MENU_LABEL_MAX ? `${plain.slice(0, MENU_LABEL_MAX - 1)}…` : plain
}

export function trayMenuTemplate(state: TrayState, actions: TrayActions): MenuItemConstructorOptions[] {
  const recent: MenuItemConstructorOptions[] =
    state.recent.length === 0
      ? [{ label: 'No recent events', enabled: false }]
      : state.recent.slice(0, RECENT_IN_MENU).map((event) => ({
          label: menuLabel(privateText({ title: event.title, body: '' }, state.privacy, state.hiddenWords).title),
          click: () => actions.openRoute(event.route),
        }))
  return [
    { label: `Open ${PRODUCT_NAME}`, click: () => actions.open() },
    { type: 'separator' },
    { label: 'Recent events', enabled: false },
    ...recent,
    { type: 'separator' },
    { label: 'Do not disturb', type: 'checkbox', checked: state.doNotDisturb, click: () => actions.setDoNotDisturb(!state.doNotDisturb) },
    { label: 'Pause live feed', type: 'checkbox', checked: state.livePaused, click: () => actions.setLivePaused(!state.livePaused) },
    traySnoozeMenu(state.snoozes, state.privacy, actions, state.recent.slice(0, RECENT_IN_MENU).map((event) => event.route)),
    { type: 'separator' },
    { label: `Quit ${PRODUCT_NAME}`, click: () => actions.quit() },
  ]
}

export class TrayController {
  private readonly tray: TrayLike
  private current: TrayState
  private shown = { image: '', tooltip: '', menu: '', switches: '' }
  private destroyed = false
  private textShownAt = -Infinity
  private textTimer: unknown = null
  private readonly clock: NonNullable<TrayDeps['clock']>

  constructor(
    private readonly deps: TrayDeps,
    initial: TrayState = INITIAL_TRAY_STATE,
  ) {
    this.clock = deps.clock ?? {
      now: () => Date.now(),
      setTimeout: (callback, ms) => setTimeout(callback, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
    }
    this.current = { ...initial, recent: [...initial.recent] }
    this.tray = deps.createTray(this.imagePath())
    this.shown.image = this.imagePath()
    // Windows and macOS report clicks; Linux indicators only open the menu.
    this.tray.on('click', () => deps.actions.open())
    this.tray.on('double-click', () => deps.actions.open())
    this.apply(true)
  }

  get state(): TrayState {
    return { ...this.current, recent: [...this.current.recent] }
  }

  update(patch: Partial<TrayState>): void {
    if (this.destroyed) return
    this.current = { ...this.current, ...patch, recent: patch.recent ? patch.recent.slice(0, RECENT_IN_MENU) : this.current.recent }
    this.apply(false)
  }

  /** Newest first; keeps the menu to the last few. */
  addRecent(events: readonly RecentEvent[]): void {
    if (events.length === 0) return
    this.update({ recent: [...[...events].reverse(), ...this.current.recent] })
  }

  destroy(): void {
    if (this.destroyed) return
    this.destroyed = true
    if (this.textTimer !== null) this.clock.clearTimeout(this.textTimer)
    this.tray.destroy()
  }

  private imagePath(): string {
    return trayIconPath(this.deps.resourcesDir, trayIconState(this.current), this.deps.platform, this.current.darkPanel)
  }

  private apply(first: boolean): void {
    const image = this.imagePath()
    if (image !== this.shown.image) {
      this.tray.setImage(image)
      this.shown.image = image
    }
    const switches = this.switchesKey()
    // A switch the user flipped shows at once; counts and recent events wait for the next text update.
    if (first || switches !== this.shown.switches || this.clock.now() - this.textShownAt >= TRAY_TEXT_INTERVAL_MS) {
      this.applyText(first)
    } else if (this.textTimer === null) {
      this.textTimer = this.clock.setTimeout(() => {
        this.textTimer = null
        if (!this.destroyed) this.applyText(false)
      }, this.textShownAt + TRAY_TEXT_INTERVAL_MS - this.clock.now())
    }
  }

  private applyText(first: boolean): void {
    if (this.textTimer !== null) this.clock.clearTimeout(this.textTimer)
    this.textTimer = null
    this.textShownAt = this.clock.now()
    const tooltip = trayTooltip(this.current)
    if (first || tooltip !== this.shown.tooltip) {
      this.tray.setToolTip(tooltip)
      this.shown.tooltip = tooltip
    }
    // A native menu is rebuilt only when what it shows changed, not for every unread count.
    const { doNotDisturb, livePaused, recent, snoozes, privacy, hiddenWords } = this.current
    const menu = JSON.stringify({ doNotDisturb, livePaused, recent, snoozes, privacy, hiddenWords })
    if (first || menu !== this.shown.menu) {
      this.tray.setContextMenu(this.deps.buildMenu(trayMenuTemplate(this.current, this.deps.actions)))
      this.shown.menu = menu
    }
    this.shown.switches = this.switchesKey()
  }

  /** What the user changes (switches, snoozes, privacy): shown at once, not at the next text update. */
  private switchesKey(): string {
    const { doNotDisturb, livePaused, snoozes, privacy } = this.current
    return JSON.stringify({ doNotDisturb, livePaused, snoozes, privacy })
  }
}
