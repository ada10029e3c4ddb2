import { describe, expect, it, vi } from 'vitest'
import type { NativeNotice } from '../core/notify/summary'
import { FakeNotification } from '@test/support/fake-electron'
import { NativeNotifications } from './notifications'

vi.mock('electron', () => ({}))

const notice = (title: string, route = '/proofs/P'): NativeNotice => ({ title, body: `${title} body`, route, count: 1, key: title, kind: 'other' })

function setup(maxKept?: number, supported = true) {
  FakeNotification.instances.length = 0
  const onClick = vi.fn()
  const warnings: string[] = []
  const natives = new NativeNotifications({
    create: (options) => new FakeNotification(options as { title: string; body: string }),
    isSupported: () => supported,
    iconPath: '/app/resources/icon.png',
    onClick,
    log: { info() {}, warn: (m) => warnings.push(m), error() {} },
    ...(maxKept ? { maxKept } : {}),
  })
  return { natives, onClick, warnings }
}

describe('NativeNotifications', () => {
  it('shows the title and body with the app icon, and routes a click', () => {
    const { natives, onClick } = setup()
    expect(natives.show(notice('Proof verified', '/proofs/A'))).toBe(true)
    const [shown] = FakeNotification.instances
    expect(shown!.options).toEqual({ title: 'Proof verified', body: 'Proof verified body', icon: '/app/resources/icon.png' })
    expect(shown!.shown).toBe(true)
    shown!.emit('click', {})
    expect(onClick).toHaveBeenCalledWith('/proofs/A', expect.objectContaining({ title: 'Proof verified' }))
  })

  it("ends the body with the pop-up's reason, on a line of its own", () => {
    const { natives } = setup()
    natives.show({ ...notice('New transaction'), reason: "because you watch Treasury · rule 'Watched addresses'" })
    expect(FakeNotification.instances[0]!.options.body).toBe("New transaction body\nbecause you watch Treasury · rule 'Watched addresses'")
  })

  it('keeps each notification referenced until it is closed or fails', () => {
    const { natives } = setup()
    natives.show(notice('a'))
    natives.show(notice('b'))
    natives.show(notice('c'))
    expect(natives.count).toBe(3)
    FakeNotification.instances[0]!.emit('close', {})
    FakeNotification.instances[1]!.emit('failed', {}, 'no daemon')
    expect(natives.count).toBe(1)
    // A click does not release it: it may still sit in the system's notification list.
    FakeNotification.instances[2]!.emit('click', {})
    expect(natives.count).toBe(1)
  })

  it('lets the oldest go past the cap on systems that never say closed', () => {
    const { natives } = setup(2)
    for (const title of ['a', 'b', 'c']) natives.show(notice(title))
    expect(natives.count).toBe(2)
    natives.closeAll()
    expect(natives.count).toBe(0)
    expect(FakeNotification.instances.slice(1).every((n) => n.closed)).toBe(true)
  })

  it('hands the OS no control, bidi or zero-width character', () => {
    const { natives } = setup()
    natives.show({ ...notice('Alert\u0007\u001b[2J'), body: 'open \u202Egnp.exe\u202C\u200B now\u0000' })
    const options = FakeNotification.instances[0]!.options
    expect(options.title).toBe('Alert [2J')
    expect(options.body).toBe('open gnp.exe now')
  })

  it('clips long text and says once when the system shows no notifications', () => {
    const { natives } = setup()
    natives.show({ ...notice('t'.repeat(500)), body: 'b'.repeat(1000) })
    const options = FakeNotification.instances[0]!.options
    expect(options.title.length).toBeLessThanOrEqual(120)
    expect(options.body.length).toBeLessThanOrEqual(500)
    const unsupported = setup(undefined, false)
    expect(unsupported.natives.show(notice('x'))).toBe(false)
    expect(unsupported.natives.show(notice('y'))).toBe(false)
    expect(unsupported.warnings).toHaveLength(1)
    expect(FakeNotification.instances).toHaveLength(0)
  })
})
