import { join, resolve } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import { type BridgeEvent, EVENTS_CHANNEL, IPC_CHANNELS } from '@shared/bridge'
import { applySettingsPatch, DEFAULT_SETTINGS } from '../core/config/settings'
import { FakeBrowserWindow, FakeNotification, ipcEventFrom } from '@test/support/fake-electron'
import { renewFakeElectron, connection, type fakeGlobalShortcut, start, mainDir, SIG, KEY, userData, f, useFakeElectron } from '@test/support/app-main-rig'

vi.mock('electron', () => import('@test/support/app-main-electron-module'))
useFakeElectron()

describe('runApp bridge', () => {
  it('registers every bridge channel, validated and routed to the monitor', async () => {
    const { monitor, window, page } = await start()
    expect([...f.ipcMain.invokeHandlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort())
    await expect(f.ipcMain.invoke(IPC_CHANNELS.getProof, page(), 'Proof1')).resolves.toEqual({ result: 'getProof result' })
    expect(monitor.getProof).toHaveBeenCalledWith('Proof1')
    await expect(f.ipcMain.invoke(IPC_CHANNELS.getProof, page(), 42)).resolves.toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
    await expect(f.ipcMain.invoke(IPC_CHANNELS.getProof, ipcEventFrom(window!.webContents, 'https://evil.example/'), 'P')).resolves.toEqual({
      error: { code: 'INVALID_ARGUMENT', message: 'Untrusted sender' },
    })
  })

  it('keeps PROOFWATCH_CREDENTIAL and the vault\'s credentials out of the log and out of what the window is answered', async () => {
    const lines: string[] = []
    const record = (level: string) => (message: string, details?: unknown) => lines.push(`${level} ${message} ${JSON.stringify(details)}`)
    const { createMonitor, monitor, page } = await start({
      env: { PROOFWATCH_CREDENTIAL: 'bearer:desktopEnvToken123' },
      log: { info: record('info'), warn: record('warn'), error: record('error') },
    })
    const given = createMonitor.mock.calls[0]![0]
    given.secrets!.set('saved-profile', 'cookie:zk_session=desktopVaultCookie456')
    // The monitor shares the app's set of known secrets, as the real one does.
    Object.assign(monitor, { knownSecrets: given.knownSecrets })
    given.log!.warn('the indexer said desktopEnvToken123 and desktopVaultCookie456', new Error('echo desktopVaultCookie456'))
    vi.mocked(monitor.getProof).mockRejectedValueOnce(new Error('401: session desktopVaultCookie456 for Bearer desktopEnvToken123 refused'))
    const answer = await f.ipcMain.invoke(IPC_CHANNELS.getProof, page(), 'Proof1')
    expect(answer).toMatchObject({ error: { message: '401: session [redacted] for Bearer [redacted] refused' } })
    expect(lines.join('\n')).toContain('the indexer said [redacted] and [redacted]')
    expect(lines.join('\n')).not.toMatch(/desktopEnvToken123|desktopVaultCookie456/)
  })

  it('refuses bad arguments before they reach the monitor or the shell', async () => {
    const { monitor, page } = await start()
    const bad: Array<[keyof typeof IPC_CHANNELS, unknown[]]> = [
      ['setLivePaused', ['yes']],
      ['openExternal', [{ kind: 'url', id: 'https://evil.example' }]],
      ['openExternal', [{ kind: 'transaction', id: SIG, url: 'https://evil.example' }]],
      ['markNotificationsRead', ['some']],
      ['updateSettings', [{ notifications: { doNotDisturb: true }, shell: 'rm -rf /' }]],
      ['unwatchAddress', [{ pubkey: KEY }]],
    ]
    for (const [method, args] of bad) {
      await expect(f.ipcMain.invoke(IPC_CHANNELS[method], page(), ...args)).resolves.toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
    }
    expect(monitor.setLivePaused).not.toHaveBeenCalled()
    expect(monitor.markNotificationsRead).not.toHaveBeenCalled()
    expect(monitor.updateSettings).not.toHaveBeenCalled()
    expect(f.shell.openExternal).not.toHaveBeenCalled()
  })

  it('gives the monitor a browser opener that opens explorer pages and nothing else', async () => {
    const { monitor } = await start()
    const open = (monitor.setExternalOpener as ReturnType<typeof vi.fn>).mock.calls[0]![0] as (url: string) => Promise<boolean>
    await expect(open(`https://explorer.solana.com/tx/${SIG}`)).resolves.toBe(true)
    await expect(open('javascript:alert(1)')).resolves.toBe(false)
    await expect(open(`https://explorer.solana.com/tx/${KEY}`)).resolves.toBe(false)
    expect(f.shell.openExternal.mock.calls).toEqual([[`https://explorer.solana.com/tx/${SIG}`]])
  })

  it('relays monitor events to the window once its page is ready', async () => {
    const { emit, window, ready } = await start()
    emit([{ event: 'overview', payload: { tps: 1 } } as BridgeEvent])
    expect(window!.webContents.sent).toEqual([])
    ready()
    expect(window!.webContents.sent).toEqual([{ channel: EVENTS_CHANNEL, args: [[{ event: 'overview', payload: { tps: 1 } }]] }])
  })
})

describe('runApp notifications', () => {
  const verified = (id: string, subject: { kind: 'transaction' | 'proof'; id: string } | null) =>
    ({ id, kind: 'PROOF_VERIFIED', title: 'Proof verified', body: 'Your age proof was verified', receivedAt: 0, read: false, subject, raw: {}, extra: {} })

  it('shows the notice the core decided as a native notification, with the app icon, and a click opens its subject', async () => {
    const { emit, window, ready, received } = await start()
    ready()
    window!.hide()
    emit([{ event: 'notice', payload: [{ title: 'Proof verified', body: 'Your age proof was verified', route: `/transactions/${SIG}`, count: 1, key: 'notification:n1', kind: 'ownProofs' }] }])
    expect(FakeNotification.instances).toHaveLength(1)
    const shown = FakeNotification.instances[0]!
    expect(shown.shown).toBe(true)
    expect(shown.options).toMatchObject({ title: 'Proof verified', body: 'Your age proof was verified' })
    shown.emit('click', {})
    expect(window!.isVisible()).toBe(true)
    expect(received()).toContainEqual({ event: 'navigate', payload: `/transactions/${SIG}` })
  })

  it('decides nothing itself: events without a notice pop nothing up, and the tray lists the newest entries', async () => {
    const { emit, clock, tray } = await start()
    emit([
      { event: 'userProofs', payload: Array.from({ length: 200 }, (_, i) => ({ proofAccount: `P${i}`, authority: null, circuitId: null, proofType: 'AGE', slot: '1', raw: {}, extra: {} })) },
      { event: 'notifications', payload: [verified('n2', null)] },
      { event: 'unread', payload: { total: 1, addresses: {}, circuits: {} } },
    ])
    clock.advance(1000)
    expect(FakeNotification.instances).toHaveLength(0)
    expect(tray!.tooltip).toContain('1 unread')
    expect(tray!.menu!.item('Proof verified')).toBeDefined()
  })
})

describe('runApp tray', () => {
  it('shows the connection and unread state, with the unread count in the tooltip', async () => {
    const { emit, tray, clock } = await start()
    expect(tray!.image).toBe(resolve(mainDir, '..', '..', 'resources', 'tray', 'tray-offline-light.png'))
    emit([{ event: 'connection', payload: connection('live') }])
    expect(tray!.image).toMatch(/tray-connected-light\.png$/)
    emit([{ event: 'notifications', payload: [{ id: 'n1', kind: 'SYSTEM', title: 'Indexer updated', body: '', receivedAt: 0, read: false, raw: {}, extra: {} }] }])
    // The count is the core's one unread model, pushed as `unread`; the tray does not count on its own.
    expect(tray!.image).toMatch(/tray-connected-light\.png$/)
    emit([{ event: 'unread', payload: { total: 1, addresses: {}, circuits: {} } }])
    expect(tray!.image).toMatch(/tray-unread-light\.png$/)
    clock.advance(1000)
    expect(tray!.tooltip).toBe('ProofWatch — connected · 1 unread')
    expect(tray!.menu!.item('Indexer updated')).toBeDefined()
    emit([{ event: 'unread', payload: { total: 0, addresses: {}, circuits: {} } }])
    clock.advance(1000)
    expect(tray!.tooltip).toBe('ProofWatch — connected')
  })

  it('switches do-not-disturb and the live feed from its menu, and quits', async () => {
    const { monitor, tray } = await start()
    tray!.menu!.item('Do not disturb').click!()
    await vi.waitFor(() => expect(monitor.updateSettings).toHaveBeenCalledWith({ notifications: { doNotDisturb: true } }))
    await vi.waitFor(() => expect(tray!.menu!.item('Do not disturb').checked).toBe(true))
    tray!.menu!.item('Pause live feed').click!()
    await vi.waitFor(() => expect(monitor.setLivePaused).toHaveBeenCalledWith(true))
    await vi.waitFor(() => expect(tray!.menu!.item('Pause live feed').checked).toBe(true))
    tray!.menu!.item('Quit ProofWatch').click!()
    expect(f.app.quit).toHaveBeenCalled()
  })

  it('names no display name in its recent events under "No addresses": the words to hide come from the core, asked with each entry', async () => {
    const { monitor, tray, emit, clock } = await start()
    await monitor.updateSettings({ notifications: { privacy: 'noAddresses' } })
    vi.mocked(monitor.privacyWords).mockReturnValue(['demo_6cmm'])
    emit([{ event: 'notifications', payload: [{ id: 'n1', kind: 'ADDRESS_TRANSACTION', title: 'New transaction on demo_6cmm', body: '', receivedAt: 0, read: false, raw: {}, extra: {} }] }])
    clock.advance(1000)
    const labels = JSON.stringify(tray!.menu!.labels())
    expect(labels).toContain('New transaction on a watched address')
    expect(labels).not.toContain('demo_6cmm')
  })

  it('snoozes a rule from its menu, and shows the snooze until the monitor says it ended', async () => {
    const { monitor, tray, emit } = await start()
    const rule = tray!.menu!.item('Watched addresses').submenu!
    rule.find((item) => item.label === '8 hours')!.click!()
    await vi.waitFor(() => expect(monitor.snoozeNotifications).toHaveBeenCalledWith({ target: { kind: 'source', id: 'addresses' }, duration: '8h' }))
    emit([{ event: 'snoozes', payload: [{ target: { kind: 'source', id: 'addresses' }, until: null }] }])
    await vi.waitFor(() => expect(tray!.menu!.item('End snooze: Watched addresses (until ended)')).toBeDefined())
    tray!.menu!.item('End snooze: Watched addresses (until ended)').click!()
    await vi.waitFor(() => expect(monitor.endSnooze).toHaveBeenCalledWith({ kind: 'source', id: 'addresses' }))
    emit([{ event: 'snoozes', payload: [] }])
    await vi.waitFor(() => expect(tray!.menu!.item('Snooze')).toBeDefined())
  })

  it('hides the window to the tray on close, and really closes when quitting', async () => {
    const { window } = await start()
    window!.show()
    window!.close()
    expect(window!.destroyed).toBe(false)
    expect(window!.isVisible()).toBe(false)
    f.app.quit()
    window!.close()
    expect(window!.destroyed).toBe(true)
  })

  it('shows the window on the global shortcut, hides it when it is in front, and lets the keys go at quit', async () => {
    const { window } = await start()
    const shortcuts = (f as unknown as { globalShortcut: ReturnType<typeof fakeGlobalShortcut> }).globalShortcut
    const press = () => shortcuts.held.get('CommandOrControl+Alt+P')!()
    window!.hide()
    press()
    expect(window!.isVisible()).toBe(true)
    window!.focus()
    press()
    expect(window!.isVisible()).toBe(false)
    f.app.emit('will-quit')
    expect(shortcuts.held.size).toBe(0)
  })

  it('closes (and quits) instead when closing to the tray is off', async () => {
    const { window } = await start({}, applySettingsPatch(DEFAULT_SETTINGS, { desktop: { closeToTray: false } }).settings)
    window!.close()
    expect(window!.destroyed).toBe(true)
    f.app.emit('window-all-closed')
    expect(f.app.quit).toHaveBeenCalledTimes(1)
  })

  it('starts hidden in the tray when asked, by setting or by --hidden', async () => {
    const bySetting = await start({}, applySettingsPatch(DEFAULT_SETTINGS, { desktop: { startHidden: true } }).settings)
    bySetting.window!.emit('ready-to-show')
    expect(bySetting.window!.calls).not.toContain('show')
    renewFakeElectron()
    FakeBrowserWindow.instances.length = 0
    const byFlag = await start({ argv: ['--hidden'] })
    byFlag.window!.emit('ready-to-show')
    expect(byFlag.window!.calls).not.toContain('show')
  })

  it('applies launch at login when the setting changes', async () => {
    const home = join(userData, 'home')
    const { page } = await start({ platform: 'darwin', env: { XDG_CONFIG_HOME: home } })
    await f.ipcMain.invoke(IPC_CHANNELS.updateSettings, page(), { desktop: { launchAtLogin: true } })
    expect(f.app.setLoginItemSettings).toHaveBeenLastCalledWith({ openAtLogin: true })
  })
})
