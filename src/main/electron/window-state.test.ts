import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ManualClock } from '@test/support/manual-clock'
import { FakeBrowserWindow } from '@test/support/fake-electron'
import type { WindowState } from './window-state'
import { readWindowState, restoreWindow, trackWindowState, writeWindowState } from './window-state'
import { WINDOW_SIZE } from './window'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proofwatch-window-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function recordingLog() {
  const warnings: string[] = []
  return { warnings, info() {}, warn: (m: string) => warnings.push(m), error() {} }
}

const screen = { x: 0, y: 0, width: 1920, height: 1080 }
const saved = (bounds: Partial<WindowState['bounds']>, maximized = false): WindowState => ({
  bounds: { x: 100, y: 100, width: 1000, height: 700, ...bounds },
  maximized,
})

describe('restoreWindow', () => {
  it('opens at the default size the first time', () => {
    expect(restoreWindow(null, [screen], WINDOW_SIZE)).toEqual({ bounds: { width: 1280, height: 800 }, maximized: false })
  })

  it('puts the window back where it was, maximised or not', () => {
    expect(restoreWindow(saved({}, true), [screen], WINDOW_SIZE)).toEqual({ bounds: { x: 100, y: 100, width: 1000, height: 700 }, maximized: true })
  })

  it('drops a position no display shows any more (a monitor unplugged), keeping the size', () => {
    const offScreen = saved({ x: 2500, y: 200 })
    expect(restoreWindow(offScreen, [screen], WINDOW_SIZE)).toEqual({ bounds: { width: 1000, height: 700 }, maximized: false })
    const secondScreen = { x: 1920, y: 0, width: 2560, height: 1440 }
    expect(restoreWindow(offScreen, [screen, secondScreen], WINDOW_SIZE).bounds).toMatchObject({ x: 2500, y: 200 })
  })

  it('keeps the size between the minimum and the largest display', () => {
    expect(restoreWindow(saved({ width: 300, height: 200 }), [screen], WINDOW_SIZE).bounds).toMatchObject({ width: 800, height: 600 })
    expect(restoreWindow(saved({ x: 0, y: 0, width: 5000, height: 3000 }), [screen], WINDOW_SIZE).bounds).toMatchObject({ width: 1920, height: 1080 })
  })
})

describe('readWindowState and writeWindowState', () => {
  it('round-trips the state', () => {
    const file = join(dir, 'window-state.json')
    writeWindowState(file, saved({}, true))
    expect(readWindowState(file, recordingLog())).toEqual(saved({}, true))
  })

  it('reads nothing, quietly, when there is no file, and warns about an unusable one', () => {
    const log = recordingLog()
    expect(readWindowState(join(dir, 'missing.json'), log)).toBeNull()
    expect(log.warnings).toEqual([])
    for (const text of ['{not json', '{"bounds":{"x":"1","y":0,"width":1,"height":1},"maximized":false}', '[]']) {
      writeFileSync(join(dir, 'bad.json'), text)
      expect(readWindowState(join(dir, 'bad.json'), log)).toBeNull()
    }
    expect(log.warnings).toHaveLength(3)
  })
})

describe('trackWindowState', () => {
  it('saves a moment after moves and resizes, and at once when maximised or closed', () => {
    const clock = new ManualClock()
    const window = new FakeBrowserWindow({})
    const saves: WindowState[] = []
    trackWindowState(window, { save: (s) => saves.push(s), log: recordingLog(), setTimeout: (c, ms) => clock.setTimeout(c, ms), clearTimeout: (h) => clock.clearTimeout(h) })
    window.emit('move')
    window.emit('resize')
    window.emit('resize')
    expect(saves).toEqual([])
    clock.advance(500)
    expect(saves).toHaveLength(1)
    window.normalBounds = { x: 5, y: 6, width: 900, height: 650 }
    window.maximize()
    expect(saves.at(-1)).toEqual({ bounds: { x: 5, y: 6, width: 900, height: 650 }, maximized: true })
    window.emit('close', {})
    expect(saves).toHaveLength(3)
  })

  it('warns instead of throwing when the state cannot be saved', () => {
    const log = recordingLog()
    const window = new FakeBrowserWindow({})
    trackWindowState(window, {
      save: () => writeWindowState(join(dir, 'missing-folder', 'state.json'), saved({})),
      log,
    })
    expect(() => window.emit('close', {})).not.toThrow()
    expect(log.warnings).toEqual(['Could not save the window size'])
    expect(() => readFileSync(join(dir, 'missing-folder', 'state.json'))).toThrow()
  })
})
