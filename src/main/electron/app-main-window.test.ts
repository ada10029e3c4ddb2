import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { applySettingsPatch, DEFAULT_SETTINGS } from '../core/config/settings'
import { FakeBrowserWindow, fakeEvent, fakeMenuModule } from '@test/support/fake-electron'
import { renewFakeElectron, start, SIG, KEY, userData, f, useFakeElectron } from '@test/support/app-main-rig'

vi.mock('electron', () => import('@test/support/app-main-electron-module'))
useFakeElectron()

describe('runApp links and instances', () => {
  it('focuses the existing window when a second instance starts', async () => {
    const { window } = await start()
    window!.minimized = true
    f.app.emit('second-instance', {}, [], '/')
    expect(window!.calls.slice(-3)).toEqual(['restore', 'show', 'focus'])
    expect(FakeBrowserWindow.instances).toHaveLength(1)
  })

  it("opens a second instance's link in the first", async () => {
    const { ready, received } = await start()
    ready()
    f.app.emit('second-instance', {}, ['/opt/proofwatch/proofwatch', `proofwatch://proof/${KEY}`], '/')
    expect(received()).toContainEqual({ event: 'navigate', payload: `/proofs/${KEY}` })
  })

  it('refuses a hostile link with the reason, and navigates nowhere', async () => {
    const { ready, received } = await start()
    ready()
    f.app.emit('second-instance', {}, ['proofwatch://tx/../../etc/passwd'], '/')
    const events = received()
    expect(events.some((e) => e.event === 'navigate')).toBe(false)
    expect(events).toContainEqual({
      event: 'problem',
      payload: expect.objectContaining({ code: 'INVALID_ARGUMENT', message: expect.stringContaining('Link not opened') }),
    })
  })

  it('opens a link from the first command line and a macOS open-url that came before the window', async () => {
    const early = fakeEvent({})
    const waiting = start({ argv: [`proofwatch://address/${KEY}`] })
    f.app.emit('open-url', early, `proofwatch://tx/${SIG}`)
    const { ready, received } = await waiting
    expect(early.defaultPrevented).toBe(true)
    ready()
    expect(received().filter((e) => e.event === 'navigate')).toEqual([{ event: 'navigate', payload: `/address/${KEY}` }])
  })

  it('reopens the window on activate (macOS) after it was closed', async () => {
    const { window, running } = await start({ platform: 'darwin' }, applySettingsPatch(DEFAULT_SETTINGS, { desktop: { closeToTray: false } }).settings)
    window!.close()
    expect(running!.getWindow()).toBeNull()
    f.app.emit('window-all-closed')
    expect(f.app.quit).not.toHaveBeenCalled()
    f.app.emit('activate')
    expect(FakeBrowserWindow.instances).toHaveLength(2)
    expect(running!.getWindow()).toBe(FakeBrowserWindow.instances[1])
  })
})

describe('runApp window, menu and power', () => {
  it('remembers the window size and position for the next start', async () => {
    const first = await start()
    first.window!.normalBounds = { x: 200, y: 100, width: 1000, height: 700 }
    first.window!.maximize()
    expect(JSON.parse(readFileSync(join(userData, 'window-state.json'), 'utf8'))).toEqual({
      bounds: { x: 200, y: 100, width: 1000, height: 700 },
      maximized: true,
    })
    renewFakeElectron()
    FakeBrowserWindow.instances.length = 0
    const second = await start()
    expect(second.window!.options).toMatchObject({ x: 200, y: 100, width: 1000, height: 700 })
    expect(second.window!.calls).toContain('maximize')
  })

  it('opens at the default size when the saved file is unusable', async () => {
    writeFileSync(join(userData, 'window-state.json'), '{"bounds": "everywhere"}')
    const { window } = await start()
    expect(window!.options).toMatchObject({ width: 1280, height: 800 })
    expect(window!.options).not.toHaveProperty('x')
  })

  it('sets the application menu, whose items reach the monitor, the logs folder and the views', async () => {
    const { monitor, ready, received } = await start({ log: undefined })
    ready()
    const menu = fakeMenuModule.current!
    expect(menu.labels()).toEqual(['File', 'Edit', 'View', 'Go', 'Connection', 'windowMenu', 'help'])
    menu.item('Reconnect Now').click!()
    expect(monitor.reconnectNow).toHaveBeenCalled()
    menu.item('Open Logs Folder').click!()
    expect(f.shell.openPath).toHaveBeenCalledWith(join(userData, 'logs'))
    menu.item('Transactions').click!()
    expect(received()).toContainEqual({ event: 'navigate', payload: '/transactions' })
  })

  it('tells the monitor about sleep, wake and the network', async () => {
    const { monitor } = await start()
    f.powerMonitor.emit('suspend')
    expect(monitor.suspend).toHaveBeenCalled()
    f.powerMonitor.emit('resume')
    expect(monitor.resume).toHaveBeenCalled()
  })
})
