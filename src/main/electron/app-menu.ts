/**
 * The native application menu: the usual roles with their keyboard
 * shortcuts, plus the app's views, the connection switches, and the logs
 * folder. Built from a template so it is tested without Electron.
 */
import type { MenuItemConstructorOptions } from 'electron'
import { ROUTES } from '../core/notify/routes'
import { PRODUCT_NAME } from './app-identity'

export interface AppMenuActions {
  navigate(route: string): void
  reconnectNow(): void
  setLivePaused(paused: boolean): void
  setDoNotDisturb(on: boolean): void
  openLogsFolder(): void
}

export interface AppMenuState {
  livePaused: boolean
  doNotDisturb: boolean
  /** Development build: reload and developer tools are offered. */
  dev: boolean
}

export function appMenuTemplate(platform: NodeJS.Platform, state: AppMenuState, actions: AppMenuActions): MenuItemConstructorOptions[] {
  const mac = platform === 'darwin'
  const go = (label: string, route: string, accelerator?: string): MenuItemConstructorOptions => ({
    label,
    ...(accelerator ? { accelerator } : {}),
    click: () => actions.navigate(route),
  })
  const settings = go(mac ? 'Settings…' : 'Settings', ROUTES.settings, 'CmdOrCtrl+,')
  const openLogs: MenuItemConstructorOptions = { label: 'Open Logs Folder', click: () => actions.openLogsFolder() }

  const template: MenuItemConstructorOptions[] = []
  if (mac) {
    template.push({
      label: PRODUCT_NAME,
      submenu: [
        { role: 'about' },
        { type: 'separator' },
        settings,
        { type: 'separator' },
        { role: 'services' },
        { type: 'separator' },
        { role: 'hide' },
        { role: 'hideOthers' },
        { role: 'unhide' },
        { type: 'separator' },
        { role: 'quit' },
      ],
    })
  }
  template.push({
    label: 'File',
    submenu: mac ? [openLogs, { type: 'separator' }, { role: 'close' }] : [settings, openLogs, { type: 'separator' }, { role: 'quit' }],
  })
  template.push({
    label: 'Edit',
    submenu: [
      { role: 'undo' },
      { role: 'redo' },
      { type: 'separator' },
      { role: 'cut' },
      { role: 'copy' },
      { role: 'paste' },
      ...(mac ? [{ role: 'pasteAndMatchStyle' } as const, { role: 'delete' } as const] : []),
      { role: 'selectAll' },
    ],
  })
  template.push({
    label: 'View',
    submenu: [
      ...(state.dev ? [{ role: 'reload' } as const, { role: 'forceReload' } as const, { role: 'toggleDevTools' } as const, { type: 'separator' } as const] : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  })
  template.push({
    label: 'Go',
    submenu: [
      go('Dashboard', ROUTES.dashboard, 'CmdOrCtrl+1'),
      go('Proofs', ROUTES.proofs, 'CmdOrCtrl+2'),
      go('Transactions', ROUTES.transactions, 'CmdOrCtrl+3'),
      go('Notifications', ROUTES.notifications, 'CmdOrCtrl+4'),
    ],
  })
  template.push({
    label: 'Connection',
    submenu: [
      { label: 'Reconnect Now', accelerator: 'CmdOrCtrl+Alt+R', click: () => actions.reconnectNow() },
      { label: 'Pause Live Feed', type: 'checkbox', checked: state.livePaused, click: () => actions.setLivePaused(!state.livePaused) },
      { type: 'separator' },
      { label: 'Do Not Disturb', type: 'checkbox', checked: state.doNotDisturb, click: () => actions.setDoNotDisturb(!state.doNotDisturb) },
    ],
  })
  template.push({
    role: 'windowMenu',
    submenu: mac
      ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
      : [{ role: 'minimize' }, { role: 'close' }],
  })
  template.push({ role: 'help', submenu: [openLogs, ...(mac ? [] : [{ role: 'about' } as const])] })
  return template
}
