import { describe, expect, it } from 'vitest'
import { EVENTS_CHANNEL, type BridgeEvent } from '@shared/bridge'
import { EventRelay, type RelayContents } from './event-relay'

/** Contents whose send copies like Electron's IPC (structured clone), so what cannot be copied throws. */
function cloningContents(): RelayContents & { received: BridgeEvent[][] } {
  const received: BridgeEvent[][] = []
  return {
    received,
    send: (channel: string, batch: BridgeEvent[]) => {
      expect(channel).toBe(EVENTS_CHANNEL)
      received.push(structuredClone(batch))
    },
    isDestroyed: () => false,
    on: () => undefined,
    removeListener: () => undefined,
  } as unknown as RelayContents & { received: BridgeEvent[][] }
}

function deep(depth: number): unknown {
  let value: unknown = 0
  for (let level = 0; level < depth; level++) value = [value]
  return value
}

describe('EventRelay', () => {
  it('sends a problem in place of an event IPC cannot copy, and the rest of the batch with it', () => {
    const contents = cloningContents()
    const relay = new EventRelay({ getWindow: () => ({ isDestroyed: () => false, webContents: contents }) })
    relay.markReady(contents)
    relay.push([
      { event: 'cache', payload: deep(100_000) },
      { event: 'problem', payload: { code: 'DECODE', message: 'kept' } },
    ] as BridgeEvent[])
    relay.push([{ event: 'problem', payload: { code: 'DECODE', message: 'next' } }])
    expect(contents.received).toEqual([
      [
        { event: 'problem', payload: { code: 'INTERNAL', message: 'An update (cache) could not be sent to the window: IPC cannot copy it' } },
        { event: 'problem', payload: { code: 'DECODE', message: 'kept' } },
      ],
      [{ event: 'problem', payload: { code: 'DECODE', message: 'next' } }],
    ])
  })
})
