import { describe, expect, it } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import type { AppNotification } from '@shared/domain'
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

describe('MergedEvents: notification-centre entries', () => {
  const entry = (id: string, title: string, patch: Partial<AppNotification> = {}): AppNotification => ({
    id,
    kind: 'ADDRESS_TRANSACTION',
    title,
    body: '',
    receivedAt: 1,
    read: false,
    raw: {},
    extra: {},
    ...patch,
  })

  it('sends a rewritten entry once, in its first place, as its last version with the subject it had', () => {
    const merged = new MergedEvents()
    const subject = { kind: 'transaction' as const, id: 'sig' }
    merged.add([{ event: 'notifications', payload: [entry('burst', '1 new', { subject }), entry('other', 'x')] }])
    merged.add([{ event: 'notifications', payload: [entry('burst', '2 new')] }])
    merged.add([{ event: 'notifications', payload: [entry('burst', '3 new'), entry('third', 'y')] }])
    const [batch] = merged.take()
    expect(batch).toEqual({ event: 'notifications', payload: [entry('burst', '3 new', { subject }), entry('other', 'x'), entry('third', 'y')] })
    // No key that is undefined: it would not come out the same through JSON.
    const payload = (batch as { payload: AppNotification[] }).payload
    expect(Object.keys(payload[1] as object)).not.toContain('subject')
  })
})
