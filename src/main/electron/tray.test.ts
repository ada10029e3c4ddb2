import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { TrayActions, TrayDeps, TrayState } from './tray'
import { INITIAL_TRAY_STATE, TrayController, trayIconPath, trayIconState, trayMenuTemplate, trayTooltip } from './tray'
import { ManualClock } from '@test/support/manual-clock'
import { FakeMenu, FakeTray } from '@test/support/fake-electron'

vi.mock('electron', () => ({}))

const resources = '/app/resources'

function actions(): TrayActions & Record<string, ReturnType<typeof vi.fn>> {
  return { open: vi.fn(), openRoute: vi.fn(), setDoNotDisturb: vi.fn(), setLivePaused: vi.fn(), snooze: vi.fn(), endSnooze: vi.fn(), quit: vi.fn() }
}

function setup(platform: NodeJS.Platform = 'linux', initial: TrayState = INITIAL_TRAY_STATE) {
  const act = actions()
  const clock = new ManualClock(1000)
  let tray: FakeTray | null = null
  const controller = new TrayController(
    {
      clock,
      createTray: (image) => (tray = new FakeTray(image)),
      buildMenu: (template) => FakeMenu.buildFromTemplate(template as never) as never,
      resourcesDir: resources,
      platform,
      actions: act,
    } as TrayDeps,
    initial,
  )
  return { controller, act, clock, tray: tray! as FakeTray, menu: () => tray!.menu as unknown as FakeMenu }
}

const state = (patch: Partial<TrayState>): TrayState => ({ ...INITIAL_TRAY_STATE, ...patch })

describe('tray icon', () => {
  it('shows offline before unread, and unread before connected', () => {
    expect(trayIconState(state({ connection: 'offline', unread: 3 }))).toBe('offline')
    expect(trayIconState(state({ connection: 'connected', unread: 3 }))).toBe('unread')
    expect(trayIconState(state({ connection: 'connected', unread: 0 }))).toBe('connected')
  })

  it('uses template images on macOS and the light or dark variant elsewhere', () => {
    expect(trayIconPath(resources, 'unread', 'darwin', true)).toBe(join(resources, 'tray', 'tray-unreadTemplate.png'))
    expect(trayIconPath(resources, 'connected', 'win32', true)).toBe(join(resources, 'tray', 'tray-connected-dark.png'))
    expect(trayIconPath(resources, 'offline', 'linux', false)).toBe(join(resources, 'tray', 'tray-offline-light.png'))
  })
})

describe('trayTooltip', () => {
  it('says the connection, the unread count and do-not-disturb', () => {
    expect(trayTooltip(state({ connection: 'connected' }))).toBe('ProofWatch — connected')
    expect(trayTooltip(state({ connection: 'connected', unread: 12, doNotDisturb: true }))).toBe('ProofWatch — connected · 12 unread · do not disturb')
    expect(trayTooltip(state({ livePaused: true, unread: 5000 }))).toBe('ProofWatch — live feed paused · 999+ unread')
  })
})

describe('trayMenuTemplate', () => {
  it('has Open, the recent events, Do not disturb, Pause live feed and Quit, wired to the actions', () => {
    const act = actions()
    const menu = new FakeMenu(trayMenuTemplate(state({ recent: [{ title: 'Proof verified', route: '/proofs/P1' }], doNotDisturb: true }), act) as never)
    expect(menu.template.map((item) => item.label ?? item.type)).toEqual([
      'Open ProofWatch',
      'separator',
      'Recent events',
      'Proof verified',
      'separator',
      'Do not disturb',
      'Pause live feed',
      'Snooze',
      'separator',
      'Quit ProofWatch',
    ])
    menu.item('Open ProofWatch').click!()
    menu.item('Proof verified').click!()
    menu.item('Do not disturb').click!()
    menu.item('Pause live feed').click!()
    menu.item('Quit ProofWatch').click!()
    expect(act.open).toHaveBeenCalledTimes(1)
    expect(act.openRoute).toHaveBeenCalledWith('/proofs/P1')
    expect(act.setDoNotDisturb).toHaveBeenCalledWith(false)
    expect(act.setLivePaused).toHaveBeenCalledWith(true)
    expect(act.quit).toHaveBeenCalledTimes(1)
    expect(menu.item('Do not disturb').checked).toBe(true)
  })

  it('says when there is nothing recent, and keeps odd titles plain and short', () => {
    expect(new FakeMenu(trayMenuTemplate(INITIAL_TRAY_STATE, actions()) as never).item('No recent events').enabled).toBe(false)
    const title = `R&D\nreport ${'x'.repeat(100)}`
    const [, , , item] = trayMenuTemplate(state({ recent: [{ title, route: '/' }] }), actions())
    expect(item!.label).toMatch(/^R&&D report x+…$/)
    expect(item!.label!.length).toBeLessThanOrEqual(60)
  })
})

describe('the tray\'s Snooze menu', () => {
  const A = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'
  const submenu = (item: { submenu?: unknown }) => item.submenu as Array<{ label?: string; type?: string; click?: () => void }>

  it('snoozes each rule for 1 hour, 8 hours, until tomorrow 08:00 or for good', () => {
    const act = actions()
    const menu = new FakeMenu(trayMenuTemplate(INITIAL_TRAY_STATE, act) as never)
    expect(submenu(menu.item('Snooze')).map((item) => item.label)).toEqual([
      'Indexer notifications',
      'My proofs',
      'Followed circuits',
      'Watched addresses',
      'Health alerts',
      'Revocations and failures',
    ])
    const durations = submenu(menu.item('Watched addresses'))
    expect(durations.map((item) => item.label)).toEqual(['1 hour', '8 hours', 'Until tomorrow, 08:00', 'Until I end it'])
    durations[2]!.click!()
    submenu(menu.item('Health alerts'))[0]!.click!()
    expect(vi.mocked(act.snooze).mock.calls).toEqual([
      [{ kind: 'source', id: 'addresses' }, 'tomorrow'],
      [{ kind: 'source', id: 'health' }, '1h'],
    ])
  })

  it('snoozes the addresses the recent events lead to, each once, named only as the privacy allows', () => {
    const B = 'Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS'
    const recent = [
      { title: 'Transaction on 9xQe…VFin', route: `/address/${A}` },
      { title: 'Indexer updated', route: '/notifications' },
      { title: 'Proof by Fg6P…sLnS', route: `/address/${B}` },
      { title: 'Transaction on 9xQe…VFin', route: `/address/${A}` },
    ]
    const act = actions()
    const menu = new FakeMenu(trayMenuTemplate(state({ recent }), act) as never)
    const labels = submenu(menu.item('Snooze')).map((item) => item.label)
    expect(labels.slice(-2)).toEqual(['Address 9xQe…VFin', 'Address Fg6P…sLnS'])
    submenu(menu.item('Address Fg6P…sLnS'))[1]!.click!()
    expect(act.snooze).toHaveBeenCalledWith({ kind: 'address', id: B }, '8h')
    const hidden = new FakeMenu(trayMenuTemplate(state({ recent, privacy: 'noAddresses', hiddenWords: [A, B] }), act) as never)
    const hiddenLabels = submenu(hidden.item('Snooze')).map((item) => item.label)
    expect(hiddenLabels.slice(-2)).toEqual(['The address of recent event 1', 'The address of recent event 3'])
    expect(JSON.stringify(hiddenLabels)).not.toContain('9xQe')
  })

  it('lists each snooze in force with its end, to end it; an address as the privacy allows', () => {
    const act = actions()
    const until = new Date(2026, 10, 27, 18, 40).getTime()
    const snoozes = [
      { target: { kind: 'address' as const, id: A }, until },
      { target: { kind: 'notice' as const, id: 'alerts' as const }, until: null },
    ]
    const menu = new FakeMenu(trayMenuTemplate(state({ snoozes }), act) as never)
    const ends = submenu(menu.item('Snooze (2 in force)')).filter((item) => item.label?.startsWith('End snooze'))
    expect(ends.map((item) => item.label)).toEqual(['End snooze: 9xQe…VFin (until 18:40)', 'End snooze: Revocations and failures (until ended)'])
    ends[0]!.click!()
    expect(act.endSnooze).toHaveBeenCalledWith({ kind: 'address', id: A })
    const hidden = new FakeMenu(trayMenuTemplate(state({ snoozes, privacy: 'noAddresses' }), act) as never)
    expect(hidden.item('End snooze: a watched address (until 18:40)')).toBeDefined()
  })

  it('names no address in its recent events under the "No addresses" and "Something happened" privacy', () => {
    const recent = [{ title: `Transaction on Treasury (${A})`, route: `/address/${A}` }]
    const words = ['Treasury', A]
    const labels = (privacy: 'noAddresses' | 'nothing') =>
      JSON.stringify(trayMenuTemplate(state({ recent, privacy, hiddenWords: words }), actions()).map((item) => item.label))
    expect(labels('noAddresses')).toContain('Transaction on a watched address (a watched address)')
    for (const privacy of ['noAddresses', 'nothing'] as const) {
      expect(labels(privacy)).not.toContain('Treasury')
      expect(labels(privacy)).not.toContain(A.slice(0, 8))
    }
    expect(labels('nothing')).toContain('"ProofWatch"')
  })
})

describe('TrayController', () => {
  it('shows a new snooze in its menu at once', () => {
    const { controller, menu } = setup()
    controller.update({ snoozes: [{ target: { kind: 'source', id: 'circuits' }, until: null }] })
    expect(menu().item('End snooze: Followed circuits (until ended)')).toBeDefined()
  })

  it('always sets a context menu (Linux ignores clicks) and opens the window on click elsewhere', () => {
    const { tray, act } = setup()
    expect(tray.menu).not.toBeNull()
    expect(tray.tooltip).toBe('ProofWatch — offline')
    tray.emit('click')
    tray.emit('double-click')
    expect(act.open).toHaveBeenCalledTimes(2)
  })

  it('follows state changes in its image, tooltip and menu', () => {
    const { controller, tray, menu, clock } = setup('win32')
    controller.update({ connection: 'connected', darkPanel: true })
    expect(tray.image).toMatch(/tray-connected-dark\.png$/)
    controller.update({ unread: 2 })
    expect(tray.image).toMatch(/tray-unread-dark\.png$/)
    clock.advance(1000)
    expect(tray.tooltip).toBe('ProofWatch — connected · 2 unread')
    controller.update({ doNotDisturb: true })
    expect(menu().item('Do not disturb').checked).toBe(true)
    controller.update({ connection: 'offline' })
    expect(tray.image).toMatch(/tray-offline-dark\.png$/)
  })

  it('keeps the last five events, newest first, and rebuilds the menu only when it changes', () => {
    const { controller, tray, menu, clock } = setup()
    const menus = tray.menus
    clock.advance(1000)
    controller.update({ unread: 1 })
    clock.advance(1000)
    controller.update({ unread: 2 })
    expect(tray.menus).toBe(menus)
    clock.advance(1000)
    controller.addRecent(Array.from({ length: 7 }, (_, i) => ({ title: `Event ${i}`, route: `/r/${i}` })))
    expect(tray.menus).toBe(menus + 1)
    expect(controller.state.recent.map((e) => e.title)).toEqual(['Event 6', 'Event 5', 'Event 4', 'Event 3', 'Event 2'])
    expect(menu().item('Event 6')).toBeDefined()
  })

  it('spaces out tooltip and menu text in a flood of events, keeping the last, while switches change at once', () => {
    const { controller, tray, menu, clock } = setup()
    const menus = tray.menus
    for (let i = 1; i <= 100; i++) {
      controller.update({ unread: i })
      controller.addRecent([{ title: `Event ${i}`, route: '/' }])
      clock.advance(5)
    }
    // The tray was drawn just before: all of it waits for the next text update, then shows at once.
    expect(tray.menus).toBe(menus)
    expect(tray.tooltip).toBe('ProofWatch — offline')
    clock.advance(1000)
    expect(tray.menus).toBe(menus + 1)
    expect(tray.tooltip).toBe('ProofWatch — offline · 100 unread')
    expect(menu().item('Event 100')).toBeDefined()
    controller.update({ doNotDisturb: true })
    expect(menu().item('Do not disturb').checked).toBe(true)
  })

  it('changes nothing after it is destroyed', () => {
    const { controller, tray } = setup()
    controller.destroy()
    controller.destroy()
    controller.update({ connection: 'connected' })
    expect(tray.destroyed).toBe(true)
    expect(tray.images).toHaveLength(1)
  })
})
