import { describe, expect, it } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import { MergedEvents } from './merged-events'

const ev = (event: string, payload: unknown) => ({ event, payload }) as BridgeEvent

describe('MergedEvents', () => {
  it('keeps the last state events, joins array payloads in order and keeps every problem', () => {
    const pending = new MergedEvents()
    pending.add([ev('connection', { n: 1 }), ev('proofs', ['a', 'b']), ev('overview', { tps: 1 })])
    pending.add([ev('problem', { code: 'DECODE', message: 'x' }), ev('proofs', ['c']), ev('connection', { n: 2 })])
    pending.add([ev('notifications', ['n1']), ev('problem', { code: 'SOCKET', message: 'y' })])
    expect(pending.take()).toEqual([
      ev('connection', { n: 2 }),
      ev('overview', { tps: 1 }),
      ev('proofs', ['a', 'b', 'c']),
      ev('notifications', ['n1']),
      ev('problem', { code: 'DECODE', message: 'x' }),
      ev('problem', { code: 'SOCKET', message: 'y' }),
    ])
    expect(pending.isEmpty).toBe(true)
    expect(pending.take()).toEqual([])
  })

  it('caps each list, dropping the oldest items, and counts what it dropped', () => {
    const pending = new MergedEvents(3, 2)
    pending.add([ev('proofs', [1, 2]), ev('proofs', [3, 4, 5])])
    for (const code of ['A', 'B', 'C']) pending.add([ev('problem', { code, message: code })])
    expect(pending.dropped).toBe(3)
    const batch = pending.take()
    expect(batch.find((e) => e.event === 'proofs')!.payload).toEqual([3, 4, 5])
    expect(batch.filter((e) => e.event === 'problem').map((e) => (e.payload as { code: string }).code)).toEqual(['B', 'C'])
  })

  it('does not keep a reference to the caller arrays', () => {
    const pending = new MergedEvents()
    const proofs = ['a']
    pending.add([ev('proofs', proofs)])
    proofs.push('mutated')
    expect(pending.take()).toEqual([ev('proofs', ['a'])])
  })
})
