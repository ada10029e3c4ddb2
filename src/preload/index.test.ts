import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { Bridge, BridgeEvent } from '@shared/bridge'
import { BRIDGE_METHOD_NAMES, EVENTS_CHANNEL, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import { ProofWatchError } from '@shared/errors'

type BatchListener = (event: unknown, batch: unknown) => void

const electron = vi.hoisted(() => {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const ipcRenderer = {
    invoke: vi.fn(async (..._args: unknown[]): Promise<unknown> => ({ result: null })),
    send: vi.fn(),
    on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set())
      listeners.get(channel)!.add(listener)
      return ipcRenderer
    }),
    removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      listeners.get(channel)?.delete(listener)
      return ipcRenderer
    }),
  }
  const contextBridge = { exposeInMainWorld: vi.fn() }
  return { ipcRenderer, contextBridge, listeners }
})

vi.mock('electron', () => ({ ipcRenderer: electron.ipcRenderer, contextBridge: electron.contextBridge }))

/** Runs the preload afresh and returns what it exposed to the page. */
async function loadPreload(): Promise<Bridge> {
  vi.resetModules()
  electron.contextBridge.exposeInMainWorld.mockClear()
  await import('./index')
  expect(electron.contextBridge.exposeInMainWorld).toHaveBeenCalledTimes(1)
  const [key, api] = electron.contextBridge.exposeInMainWorld.mock.calls[0]!
  expect(key).toBe('proofwatch')
  return api as Bridge
}

function pushFromMain(batch: unknown): void {
  for (const listener of electron.listeners.get(EVENTS_CHANNEL) ?? []) (listener as BatchListener)({ sender: null }, batch)
}

const SAMPLE_ARGS: Record<string, unknown[]> = {
  getSeries: [{ metric: 'proofs', period: '24h' }],
  getLeaderboard: [{ limit: 5 }],
  listProofs: [{ type: 'AGE' }],
  getProof: ['Proof1'],
  listTransactions: [{ pubkey: 'Key1' }],
  getTransaction: ['Sig1'],
  updateSettings: [{ theme: 'dark' }],
  watchAddress: [{ pubkey: 'Key1', label: 'Mine' }],
  markNotificationsRead: ['all'],
  exportHistory: [{ kind: 'proofs', format: 'csv', filter: {} }],
}

beforeEach(() => {
  electron.listeners.clear()
  electron.ipcRenderer.invoke.mockReset()
  electron.ipcRenderer.send.mockClear()
  electron.ipcRenderer.on.mockClear()
  electron.ipcRenderer.removeListener.mockClear()
})

describe('preload bridge', () => {
  it('exposes exactly the bridge methods and `on`, never ipcRenderer', async () => {
    const bridge = await loadPreload()
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_METHOD_NAMES, 'on'].sort())
    for (const value of Object.values(bridge)) {
      expect(typeof value).toBe('function')
      expect(value).not.toBe(electron.ipcRenderer)
    }
  })

  it('calls each method on its own channel with its arguments and returns the result', async () => {
    const bridge = await loadPreload()
    for (const method of BRIDGE_METHOD_NAMES) {
      const args = SAMPLE_ARGS[method] ?? []
      electron.ipcRenderer.invoke.mockResolvedValueOnce({ result: { answeredBy: method } })
      const call = bridge[method] as (...a: unknown[]) => Promise<unknown>
      await expect(call(...args)).resolves.toEqual({ answeredBy: method })
      expect(electron.ipcRenderer.invoke).toHaveBeenLastCalledWith(IPC_CHANNELS[method], ...args)
    }
    expect(electron.ipcRenderer.invoke).toHaveBeenCalledTimes(BRIDGE_METHOD_NAMES.length)
  })

  it('rejects with the error main sent, as a plain object the page can rebuild', async () => {
    const bridge = await loadPreload()
    electron.ipcRenderer.invoke.mockResolvedValueOnce({
      error: { code: 'NOT_FOUND', message: 'No proof Proof1', status: 404, serverCode: 'NOT_FOUND_PROOF', received: '{"ok":false}' },
    })
    const rejection = await bridge.getProof('Proof1').then(
      () => null,
      (error: unknown) => error,
    )
    expect(rejection).toEqual({
      name: 'ProofWatchError',
      code: 'NOT_FOUND',
      message: 'No proof Proof1',
      status: 404,
      serverCode: 'NOT_FOUND_PROOF',
      received: '{"ok":false}',
      retryable: false,
    })
    // Plain data only: what contextBridge copies whole into the page.
    expect(Object.getPrototypeOf(rejection)).toBe(Object.prototype)
    const rebuilt = ProofWatchError.fromInfo(structuredClone(rejection) as ProofWatchError)
    expect(rebuilt).toBeInstanceOf(ProofWatchError)
    expect(rebuilt.status).toBe(404)
    expect(rebuilt.code).toBe('NOT_FOUND')
  })

  it('turns a failed invoke and a malformed answer into INTERNAL rejections', async () => {
    const bridge = await loadPreload()
    electron.ipcRenderer.invoke.mockRejectedValueOnce(new Error("No handler registered for 'proofwatch:get-overview'"))
    await expect(bridge.getOverview()).rejects.toMatchObject({
      code: 'INTERNAL',
      message: "No handler registered for 'proofwatch:get-overview'",
    })
    electron.ipcRenderer.invoke.mockResolvedValueOnce('not an envelope')
    await expect(bridge.getOverview()).rejects.toMatchObject({ code: 'INTERNAL', message: 'Malformed answer from getOverview' })
    electron.ipcRenderer.invoke.mockResolvedValueOnce({ error: 'text' })
    await expect(bridge.getOverview()).rejects.toMatchObject({ code: 'INTERNAL', message: 'Malformed error from getOverview' })
  })

  it('sends READY once, with the first subscription', async () => {
    const bridge = await loadPreload()
    expect(electron.ipcRenderer.send).not.toHaveBeenCalled()
    const off = bridge.on('proofs', () => {})
    bridge.on('connection', () => {})
    off()
    bridge.on('proofs', () => {})
    expect(electron.ipcRenderer.send).toHaveBeenCalledTimes(1)
    expect(electron.ipcRenderer.send).toHaveBeenCalledWith(READY_CHANNEL)
  })

  it('dispatches each event of a batch to the listeners of its name, in order', async () => {
    const bridge = await loadPreload()
    const seen: string[] = []
    bridge.on('proofs', (proofs) => seen.push(`a:${proofs.map((p) => p.proofAccount).join(',')}`))
    bridge.on('proofs', (proofs) => seen.push(`b:${proofs.length}`))
    bridge.on('overview', (overview) => seen.push(`overview:${overview.tps}`))
    const batch = [
      { event: 'overview', payload: { tps: 7 } },
      { event: 'proofs', payload: [{ proofAccount: 'P1' }, { proofAccount: 'P2' }] },
      { event: 'notifications', payload: [{ id: 'n1' }] },
    ] as unknown as BridgeEvent[]
    pushFromMain(batch)
    expect(seen).toEqual(['overview:7', 'a:P1,P2', 'b:2'])
  })

  it('keeps dispatching when a listener throws, and ignores malformed batches', async () => {
    const bridge = await loadPreload()
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const received: number[] = []
    bridge.on('overview', () => {
      throw new Error('listener bug')
    })
    bridge.on('overview', (overview) => received.push(overview.tps ?? -1))
    pushFromMain('not a batch')
    pushFromMain([null, 42, { event: 'overview', payload: { tps: 3 } }])
    expect(received).toEqual([3])
    expect(errors).toHaveBeenCalledTimes(1)
    errors.mockRestore()
  })

  it('removes the IPC listener only when the last subscription goes, and stops delivering', async () => {
    const bridge = await loadPreload()
    const received: string[] = []
    const offA = bridge.on('proofs', () => received.push('a'))
    const offB = bridge.on('connection', () => received.push('b'))
    expect(electron.ipcRenderer.on).toHaveBeenCalledTimes(1)
    offA()
    offA()
    expect(electron.ipcRenderer.removeListener).not.toHaveBeenCalled()
    pushFromMain([{ event: 'proofs', payload: [] }, { event: 'connection', payload: {} }])
    expect(received).toEqual(['b'])
    offB()
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledTimes(1)
    expect(electron.ipcRenderer.removeListener).toHaveBeenCalledWith(EVENTS_CHANNEL, electron.ipcRenderer.on.mock.calls[0]![1])
    expect(electron.listeners.get(EVENTS_CHANNEL)?.size ?? 0).toBe(0)
    bridge.on('proofs', () => received.push('again'))
    expect(electron.ipcRenderer.on).toHaveBeenCalledTimes(2)
    pushFromMain([{ event: 'proofs', payload: [] }])
    expect(received).toEqual(['b', 'again'])
  })

  it('refuses an unknown event name or a listener that is not a function', async () => {
    const bridge = await loadPreload()
    expect(() => bridge.on('nope' as 'proofs', () => {})).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT', message: 'Unknown event nope' }))
    expect(() => bridge.on('proofs', 'not a function' as never)).toThrow(expect.objectContaining({ code: 'INVALID_ARGUMENT' }))
    expect(electron.ipcRenderer.on).not.toHaveBeenCalled()
    expect(electron.ipcRenderer.send).not.toHaveBeenCalled()
  })
})
