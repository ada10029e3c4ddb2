import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import { BRIDGE_METHOD_NAMES, EVENTS_CHANNEL, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import type { BridgeDispatcher } from '../core/bridge/bridge-dispatch'
import type { RelayWindow } from './event-relay'
import { FakeBrowserWindow, FakeIpcMain, ipcEventFrom } from '@test/support/fake-electron'
import type { BridgeIpcMain } from './ipc'
import { isTrustedSender, registerBridgeIpc, UNTRUSTED_SENDER } from './ipc'
import { resolveRendererLocation } from './renderer-location'

vi.mock('electron', () => ({}))

const mainDir = resolve('/opt/proofwatch/out/main')
const location = resolveRendererLocation(mainDir)
const appPage = 'app://proofwatch/index.html'

const ev = (event: string, payload: unknown) => ({ event, payload }) as BridgeEvent

function setup(options: { maxQueuedItems?: number } = {}) {
  const ipcMain = new FakeIpcMain()
  const dispatcher = vi.fn<BridgeDispatcher>(async (method) => ({ result: `answer of ${method}` }))
  let emit: (batch: BridgeEvent[]) => void = () => {}
  const unsubscribe = vi.fn()
  const monitor = {
    onEvents: vi.fn((listener: (batch: BridgeEvent[]) => void) => {
      emit = listener
      return unsubscribe
    }),
  }
  let window: FakeBrowserWindow | null = new FakeBrowserWindow({})
  const ipc = registerBridgeIpc({
    ipcMain: ipcMain as unknown as BridgeIpcMain,
    dispatcher,
    monitor,
    getWindow: () => window as unknown as RelayWindow | null,
    location,
    ...options,
  })
  return {
    ipcMain,
    dispatcher,
    monitor,
    unsubscribe,
    dispose: ipc.dispose,
    push: ipc.push,
    emit: (...batch: BridgeEvent[]) => emit(batch),
    get window() {
      return window!
    },
    setWindow(next: FakeBrowserWindow | null) {
      window = next
    },
    ready(from = window!) {
      ipcMain.emit(READY_CHANNEL, ipcEventFrom(from.webContents, appPage))
    },
    /** The event batches the page received. */
    received(from = window!) {
      return from.webContents.sent.filter((m) => m.channel === EVENTS_CHANNEL).map((m) => m.args[0])
    },
  }
}

beforeEach(() => {
  FakeBrowserWindow.instances.length = 0
})

describe('isTrustedSender', () => {
  it('trusts only the top frame of the app page', () => {
    expect(isTrustedSender(ipcEventFrom({}, appPage), location)).toBe(true)
    expect(isTrustedSender(ipcEventFrom({}, `${appPage}#/x`), location)).toBe(true)
    expect(isTrustedSender(ipcEventFrom({}, appPage, { url: appPage }), location)).toBe(false)
    expect(isTrustedSender(ipcEventFrom({}, null), location)).toBe(false)
    expect(isTrustedSender(ipcEventFrom({}, 'https://example.com/'), location)).toBe(false)
    // The built renderer's own file over file:// is not the app page: only app://proofwatch/ is.
    expect(isTrustedSender(ipcEventFrom({}, pathToFileURL(join(mainDir, '..', 'renderer', 'index.html')).href), location)).toBe(false)
  })
})

describe('registerBridgeIpc requests', () => {
  it('registers one handler per channel that passes the method name and arguments to the dispatcher', async () => {
    const app = setup()
    expect([...app.ipcMain.invokeHandlers.keys()].sort()).toEqual(Object.values(IPC_CHANNELS).sort())
    for (const method of BRIDGE_METHOD_NAMES) {
      const answer = await app.ipcMain.invoke(IPC_CHANNELS[method], ipcEventFrom(app.window.webContents, appPage), { arg: method }, 2)
      expect(answer).toEqual({ result: `answer of ${method}` })
      expect(app.dispatcher).toHaveBeenLastCalledWith(method, [{ arg: method }, 2])
    }
    expect(app.dispatcher).toHaveBeenCalledTimes(BRIDGE_METHOD_NAMES.length)
  })

  it('answers an untrusted sender with an error and never calls the dispatcher', async () => {
    const app = setup()
    for (const event of [
      ipcEventFrom(app.window.webContents, 'https://evil.example/'),
      ipcEventFrom(app.window.webContents, null),
      ipcEventFrom(app.window.webContents, appPage, { url: appPage }),
    ]) {
      await expect(app.ipcMain.invoke(IPC_CHANNELS.getSettings, event)).resolves.toEqual(UNTRUSTED_SENDER)
    }
    expect(UNTRUSTED_SENDER).toEqual({ error: { code: 'INVALID_ARGUMENT', message: 'Untrusted sender' } })
    expect(app.dispatcher).not.toHaveBeenCalled()
  })

  it('dispose removes every handler, the READY listener and the event subscription', () => {
    const app = setup()
    app.dispose()
    expect(app.ipcMain.invokeHandlers.size).toBe(0)
    expect(app.ipcMain.listenerCount(READY_CHANNEL)).toBe(0)
    expect(app.unsubscribe).toHaveBeenCalledTimes(1)
    // Registering again works once disposed (no "second handler" error).
    expect(() => setup()).not.toThrow()
  })
})

describe('registerBridgeIpc events', () => {
  it('holds events until READY, then sends them merged in one batch, then sends as they come', () => {
    const app = setup()
    app.emit(ev('connection', { n: 1 }), ev('proofs', ['a']))
    app.emit(ev('proofs', ['b']), ev('connection', { n: 2 }))
    expect(app.received()).toEqual([])
    app.ready()
    expect(app.received()).toEqual([[ev('connection', { n: 2 }), ev('proofs', ['a', 'b'])]])
    app.emit(ev('overview', { tps: 3 }))
    expect(app.received()).toHaveLength(2)
    expect(app.received()[1]).toEqual([ev('overview', { tps: 3 })])
  })

  it('ignores READY from an untrusted frame or from another web contents', () => {
    const app = setup()
    app.emit(ev('proofs', ['a']))
    app.ipcMain.emit(READY_CHANNEL, ipcEventFrom(app.window.webContents, 'https://evil.example/'))
    const stranger = new FakeBrowserWindow({})
    app.ipcMain.emit(READY_CHANNEL, ipcEventFrom(stranger.webContents, appPage))
    expect(app.received()).toEqual([])
    expect(app.received(stranger)).toEqual([])
    app.ready()
    expect(app.received()).toEqual([[ev('proofs', ['a'])]])
  })

  it('holds again after the page reloads, keeping what the leaving page was sent, until READY comes again', () => {
    const app = setup()
    app.ready()
    app.emit(ev('proofs', ['before']))
    app.window.webContents.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false })
    app.emit(ev('proofs', ['while leaving']))
    app.window.webContents.emit('did-navigate', {})
    app.emit(ev('proofs', ['after']))
    expect(app.received()).toEqual([[ev('proofs', ['before'])], [ev('proofs', ['while leaving'])]])
    app.ready()
    expect(app.received()[2]).toEqual([ev('proofs', ['while leaving', 'after'])])
  })

  it('keeps sending when a navigation is stopped before it commits, or is in-page', () => {
    const app = setup()
    app.ready()
    app.window.webContents.emit('did-start-navigation', { isMainFrame: true, isSameDocument: true })
    app.window.webContents.emit('did-start-navigation', { isMainFrame: false, isSameDocument: false })
    app.window.webContents.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false })
    app.window.webContents.emit('did-stop-loading')
    app.emit(ev('proofs', ['a']))
    app.window.webContents.emit('did-navigate', {})
    app.emit(ev('proofs', ['b']))
    app.ready()
    // 'a' reached the page before it navigated; only 'b' waited for the new one.
    expect(app.received()).toEqual([[ev('proofs', ['a'])], [ev('proofs', ['b'])]])
  })

  it('holds events while the renderer is gone or there is no window, and sends them to a new window', () => {
    const app = setup({ maxQueuedItems: 2 })
    app.ready()
    app.window.webContents.emit('render-process-gone', {}, { reason: 'crashed' })
    app.emit(ev('proofs', ['x']))
    const first = app.window
    first.close()
    app.setWindow(null)
    app.emit(ev('proofs', ['y', 'z']))
    const second = new FakeBrowserWindow({})
    app.setWindow(second)
    app.emit(ev('overview', { tps: 1 }))
    expect(app.received(first)).toEqual([])
    expect(app.received(second)).toEqual([])
    app.ready(second)
    expect(app.received(second)).toEqual([[ev('overview', { tps: 1 }), ev('proofs', ['y', 'z'])]])
  })
})
