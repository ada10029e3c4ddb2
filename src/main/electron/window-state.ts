/**
 * The window's size and position, remembered across starts in
 * `<userData>/window-state.json`. A saved position that no display shows
 * any more (a monitor unplugged) is dropped, so the window never opens off
 * screen; an unreadable file is ignored with a warning.
 */
import { renameSync, writeFileSync } from 'node:fs'
import { readRegularTextFile } from '../core/files/read-regular-file'
import type { Logger } from '../core/log/log'

export interface Rect {
  x: number
  y: number
  width: number
  height: number
}

export interface WindowState {
  bounds: Rect
  maximized: boolean
}

export interface SizeLimits {
  width: number
  height: number
  minWidth: number
  minHeight: number
}

/** Where to open: a position only when it is on a display. */
export interface RestoredWindow {
  bounds: { x?: number; y?: number; width: number; height: number }
  maximized: boolean
}

/** How much of a window must be on a display to count as visible: enough to grab its title bar. */
const VISIBLE_WIDTH = 100
const VISIBLE_HEIGHT = 40
const SAVE_DELAY_MS = 500

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value)
}

function parseState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null
  const { bounds, maximized } = value as { bounds?: Partial<Rect>; maximized?: unknown }
  if (typeof bounds !== 'object' || bounds === null) return null
  const { x, y, width, height } = bounds
  if (![x, y, width, height].every(isFiniteNumber) || typeof maximized !== 'boolean') return null
  return { bounds: { x: x!, y: y!, width: width!, height: height! }, maximized }
}

export function readWindowState(file: string, log: Logger): WindowState | null {
  let text: string
  try {
    // A window's bounds take under 100 bytes.
    text = readRegularTextFile(file, 64 * 1024)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn('Could not read the saved window size', { file, error: String(error) })
    return null
  }
  let state: WindowState | null = null
  try {
    state = parseState(JSON.parse(text))
  } catch {
    // Reported below with the other unusable contents.
  }
  if (!state) log.warn('The saved window size is unusable; opening at the default size', { file })
  return state
}

export function writeWindowState(file: string, state: WindowState): void {
  const temporary = `${file}.tmp`
  writeFileSync(temporary, JSON.stringify(state) + '\n')
  renameSync(temporary, file)
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  }
}

/** Saved bounds made safe for the displays there are now. */
export function restoreWindow(saved: WindowState | null, workAreas: readonly Rect[], limits: SizeLimits): RestoredWindow {
  if (!saved) return { bounds: { width: limits.width, height: limits.height }, maximized: false }
  const largest = workAreas.reduce<Rect | null>((best, area) => (!best || area.width * area.height > best.width * best.height ? area : best), null)
  const clampSize = (value: number, min: number, max: number | undefined) => Math.round(Math.max(min, max === undefined ? value : Math.min(value, max)))
  const width = clampSize(saved.bounds.width, limits.minWidth, largest?.width)
  const height = clampSize(saved.bounds.height, limits.minHeight, largest?.height)
  const rect = { x: Math.round(saved.bounds.x), y: Math.round(saved.bounds.y), width, height }
  const visible = workAreas.some((area) => {
    const shared = overlap(rect, area)
    return shared.width >= Math.min(VISIBLE_WIDTH, width) && shared.height >= Math.min(VISIBLE_HEIGHT, height)
  })
  return { bounds: visible ? rect : { width, height }, maximized: saved.maximized }
}

/** The part of a BrowserWindow tracked here. */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'maximize' | 'unmaximize' | 'close', listener: () => void): unknown
  getNormalBounds(): Rect
  isMaximized(): boolean
  isDestroyed(): boolean
}

export interface TrackOptions {
  save(state: WindowState): void
  log: Logger
  setTimeout?: (callback: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
}

/** Saves the window's normal bounds a moment after it moves or resizes, and at once when it closes. */
export function trackWindowState(window: TrackedWindow, options: TrackOptions): void {
  const schedule = options.setTimeout ?? ((callback, ms) => setTimeout(callback, ms))
  const cancel = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  let timer: unknown = null
  const saveNow = () => {
    if (timer !== null) cancel(timer)
    timer = null
    if (window.isDestroyed()) return
    try {
      options.save({ bounds: window.getNormalBounds(), maximized: window.isMaximized() })
    } catch (error) {
      options.log.warn('Could not save the window size', { error: String(error) })
    }
  }
  const later = () => {
    if (timer !== null) cancel(timer)
    timer = schedule(saveNow, SAVE_DELAY_MS)
  }
  for (const event of ['resize', 'move'] as const) window.on(event, later)
  for (const event of ['maximize', 'unmaximize', 'close'] as const) window.on(event, saveNow)
}
