/** The built preload (`out/preload/index.cjs`) under Electron's sandboxed-preload rules. */
import { describe, expect, it } from 'vitest'
import type { Bridge, BridgeEvent } from '@shared/bridge'
import { BRIDGE_EVENT_NAMES, BRIDGE_METHOD_NAMES, EVENTS_CHANNEL, IPC_CHANNELS, READY_CHANNEL } from '@shared/bridge'
import { runPreload, type PreloadTransport } from './preload-sandbox'

/** Main as far as the preload can tell: every call answers with the channel it came on. */
const echoMain: PreloadTransport = {
  invoke: async (channel, args) => ({ result: { channel, args } }),
  send: () => {},
}

function exposedBridge(transport: PreloadTransport = echoMain) {
  const run = runPreload(transport)
  return { run, bridge: run.exposed.get('proofwatch') as Bridge }
}

describe('the built preload in a sandbox', () => {
  it('requires nothing but electron, and exposes one API', () => {
    const { run } = exposedBridge()
    expect([...new Set(run.required)]).toEqual(['electron'])
    expect([...run.exposed.keys()]).toEqual(['proofwatch'])
  })

  it('exposes exactly the contract methods and `on`, nothing else', () => {
    const { bridge } = exposedBridge()
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_METHOD_NAMES, 'on'].sort())
    for (const key of Object.keys(bridge)) expect(typeof (bridge as unknown as Record<string, unknown>)[key], key).toBe('function')
  })

  it('sends each method to its own channel with its arguments, and unwraps the answer', async () => {
    const { run, bridge } = exposedBridge()
    const methods = bridge as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>
    for (const method of BRIDGE_METHOD_NAMES) {
      const args = [{ probe: method }, undefined]
      await expect(methods[method]!(...args)).resolves.toEqual({ channel: IPC_CHANNELS[method], args })
    }
    expect(run.ipcRenderer.invoked.map((call) => call.channel)).toEqual(BRIDGE_METHOD_NAMES.map((method) => IPC_CHANNELS[method]))
  })

  it('turns an error answer into a plain rejection the page can read', async () => {
    const { bridge } = exposedBridge({
      invoke: async () => ({ error: { code: 'NOT_FOUND', message: 'no such proof', retryable: false } }),
      send: () => {},
    })
    await expect(bridge.getProof('x')).rejects.toMatchObject({ name: 'ProofWatchError', code: 'NOT_FOUND', message: 'no such proof' })
    const { bridge: failing } = exposedBridge({ invoke: () => Promise.reject(new Error('IPC broke')), send: () => {} })
    await expect(failing.getOverview()).rejects.toMatchObject({ code: 'INTERNAL', message: expect.stringContaining('IPC broke') })
  })

  it('delivers each event to its listeners, and every unsubscribe works', () => {
    const { run, bridge } = exposedBridge()
    const ipc = run.ipcRenderer
    const heard = new Map<string, unknown[]>()
    const unsubscribes = BRIDGE_EVENT_NAMES.map((event) => {
      heard.set(event, [])
      return bridge.on(event, (payload) => heard.get(event)!.push(payload))
    })
    // The first listener tells main the page is ready, once.
    expect(ipc.sent).toEqual([{ channel: READY_CHANNEL, args: [] }])
    expect(ipc.listenerCount(EVENTS_CHANNEL)).toBe(1)

    const batch = BRIDGE_EVENT_NAMES.map((event) => ({ event, payload: `payload of ${event}` }) as unknown as BridgeEvent)
    ipc.deliver(EVENTS_CHANNEL, [batch])
    for (const event of BRIDGE_EVENT_NAMES) expect(heard.get(event), event).toEqual([`payload of ${event}`])

    for (const [index, unsubscribe] of unsubscribes.entries()) {
      expect(typeof unsubscribe).toBe('function')
      unsubscribe()
      ipc.deliver(EVENTS_CHANNEL, [batch])
      for (const [other, event] of BRIDGE_EVENT_NAMES.entries()) {
        // Event `other` heard the first batch, then each batch sent before its own unsubscribe.
        expect(heard.get(event)!.length, event).toBe(1 + Math.min(index + 1, other))
      }
    }
    expect(ipc.listenerCount(EVENTS_CHANNEL)).toBe(0)
    expect(ipc.sent).toHaveLength(1)
  })

  it('refuses an event name outside the contract', () => {
    const { bridge } = exposedBridge()
    expect(() => bridge.on('not-an-event' as never, () => {})).toThrow()
  })
})
