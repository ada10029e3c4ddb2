import { describe, expect, it, vi } from 'vitest'
import type { AppMenuActions } from './app-menu'
import { appMenuTemplate } from './app-menu'
import { FakeMenu } from '@test/support/fake-electron'

vi.mock('electron', () => ({}))

function actions() {
  return {
    navigate: vi.fn<AppMenuActions['navigate']>(),
    reconnectNow: vi.fn<AppMenuActions['reconnectNow']>(),
    setLivePaused: vi.fn<AppMenuActions['setLivePaused']>(),
    setDoNotDisturb: vi.fn<AppMenuActions['setDoNotDisturb']>(),
    openLogsFolder: vi.fn<AppMenuActions['openLogsFolder']>(),
  }
}

const roles = (menu: FakeMenu, label: string) => (menu.item(label).submenu ?? []).map((item) => item.role ?? item.label ?? item.type)

describe('appMenuTemplate', () => {
  it('has the usual menus and roles on Windows and Linux', () => {
    const menu = new FakeMenu(appMenuTemplate('linux', { livePaused: false, doNotDisturb: false, dev: false }, actions()) as never)
    expect(menu.labels()).toEqual(['File', 'Edit', 'View', 'Go', 'Connection', 'windowMenu', 'help'])
    expect(roles(menu, 'File')).toEqual(['Settings', 'Open Logs Folder', 'separator', 'quit'])
    expect(roles(menu, 'Edit')).toEqual(['undo', 'redo', 'separator', 'cut', 'copy', 'paste', 'selectAll'])
    expect(roles(menu, 'View')).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'separator', 'togglefullscreen'])
  })

  it('adds the app menu on macOS and developer tools only in development', () => {
    const mac = new FakeMenu(appMenuTemplate('darwin', { livePaused: false, doNotDisturb: false, dev: true }, actions()) as never)
    expect(mac.labels()[0]).toBe('ProofWatch')
    expect(roles(mac, 'ProofWatch')).toContain('quit')
    expect(roles(mac, 'View').slice(0, 3)).toEqual(['reload', 'forceReload', 'toggleDevTools'])
    expect(roles(mac, 'Edit')).toContain('pasteAndMatchStyle')
  })

  it('gives the views keyboard shortcuts and routes them', () => {
    const act = actions()
    const menu = new FakeMenu(appMenuTemplate('win32', { livePaused: false, doNotDisturb: false, dev: false }, act) as never)
    expect(['Dashboard', 'Proofs', 'Transactions', 'Notifications'].map((label) => menu.item(label).accelerator)).toEqual([
      'CmdOrCtrl+1',
      'CmdOrCtrl+2',
      'CmdOrCtrl+3',
      'CmdOrCtrl+4',
    ])
    expect(menu.item('Settings').accelerator).toBe('CmdOrCtrl+,')
    menu.item('Notifications').click!()
    menu.item('Settings').click!()
    expect(act.navigate.mock.calls).toEqual([['/notifications'], ['/settings']])
  })

  it('switches the live feed and do-not-disturb, reconnects and opens the logs folder', () => {
    const act = actions()
    const menu = new FakeMenu(appMenuTemplate('linux', { livePaused: true, doNotDisturb: false, dev: false }, act) as never)
    expect(menu.item('Pause Live Feed').checked).toBe(true)
    menu.item('Pause Live Feed').click!()
    menu.item('Do Not Disturb').click!()
    menu.item('Reconnect Now').click!()
    menu.item('Open Logs Folder').click!()
    expect(act.setLivePaused).toHaveBeenCalledWith(false)
    expect(act.setDoNotDisturb).toHaveBeenCalledWith(true)
    expect(act.reconnectNow).toHaveBeenCalled()
    expect(act.openLogsFolder).toHaveBeenCalled()
  })
})
