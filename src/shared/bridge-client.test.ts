import { describe, expect, it, vi } from 'vitest'
import type { BridgeMethodName } from './bridge'
import { BRIDGE_EVENT_NAMES, BRIDGE_METHOD_NAMES } from './bridge'
import { createBridge, createBridgeMethods, createListenerRegistry } from './bridge-client'
import { ProofWatchError } from './errors'

describe('BRIDGE_EVENT_NAMES', () => {
  it('lists every pushed event once', () => {
    expect([...BRIDGE_EVENT_NAMES].sort()).toEqual(
      [
        'accountSync',
        'addressTransactions',
        'auth',
        'cache',
        'circuitProofs',
        'connection',
        'displayNames',
        'leaderboard',
        'navigate',
        'notice',
        'notifications',
        'notificationsRead',
        'overview',
        'problem',
        'proofs',
        'series',
        'settings',
        'snoozes',
        'unread',
        'userProofs',
        'watchlist',
      ],
    )
  })
})

describe('createBridgeMethods', () => {
  it('has one method per request, each handing its name and arguments to the transport', async () => {
    const calls: Array<[BridgeMethodName, unknown[]]> = []
    const methods = createBridgeMethods((method, args) => {
      calls.push([method, args])
      return Promise.resolve(`answer of ${method}`)
    })
    expect(Object.keys(methods).sort()).toEqual([...BRIDGE_METHOD_NAMES].sort())
    await expect(methods.getProof('Acct1')).resolves.toBe('answer of getProof')
    await expect(methods.getOverview()).resolves.toBe('answer of getOverview')
    expect(calls).toEqual([
      ['getProof', ['Acct1']],
      ['getOverview', []],
    ])
  })

  it('passes a rejection through as the transport made it', async () => {
    const refusal = { code: 'INTERNAL', message: 'plain object' }
    const methods = createBridgeMethods(() => Promise.reject(refusal))
    await expect(methods.getSettings()).rejects.toBe(refusal)
  })
})

describe('createBridge', () => {
  it('is the request methods plus `on` of the registry, nothing else', () => {
    const listeners = createListenerRegistry()
    const bridge = createBridge(() => Promise.resolve(null), listeners)
    expect(Object.keys(bridge).sort()).toEqual([...BRIDGE_METHOD_NAMES, 'on'].sort())
    expect(bridge.on).toBe(listeners.on)
  })
})

describe('createListenerRegistry', () => {
  it('dispatches each event of a batch to the listeners of its name, in order', () => {
    const registry = createListenerRegistry()
    const seen: string[] = []
    registry.on('overview', (overview) => seen.push(`overview:${overview.tps}`))
    registry.on('proofs', (proofs) => seen.push(`proofs:${proofs.length}`))
    registry.dispatch([
      { event: 'proofs', payload: [{}, {}] },
      { event: 'overview', payload: { tps: 4 } },
      { event: 'notifications', payload: [] },
    ])
    expect(seen).toEqual(['proofs:2', 'overview:4'])
  })

  it('keeps the same function added twice as two subscriptions', () => {
    const registry = createListenerRegistry()
    const seen: number[] = []
    const listener = (): void => void seen.push(seen.length)
    const first = registry.on('problem', listener)
    registry.on('problem', listener)
    registry.dispatch([{ event: 'problem', payload: { code: 'DECODE', message: 'x' } }])
    expect(seen).toEqual([0, 1])
    first()
    first()
    registry.dispatch([{ event: 'problem', payload: { code: 'DECODE', message: 'x' } }])
    expect(seen).toEqual([0, 1, 2])
  })

  it('reports a listener that throws and still calls the others', () => {
    const report = vi.fn()
    const registry = createListenerRegistry({ report })
    const failure = new Error('listener bug')
    const seen: string[] = []
    registry.on('connection', () => {
      throw failure
    })
    registry.on('connection', () => seen.push('second'))
    registry.dispatch([{ event: 'connection', payload: {} }])
    expect(seen).toEqual(['second'])
    expect(report).toHaveBeenCalledWith("ProofWatch: a 'connection' listener threw", failure)
  })

  it('does not skip a listener when another unsubscribes during dispatch', () => {
    const registry = createListenerRegistry()
    const seen: string[] = []
    const off = registry.on('proofs', () => {
      seen.push('a')
      off()
    })
    registry.on('proofs', () => seen.push('b'))
    registry.dispatch([{ event: 'proofs', payload: [] }])
    registry.dispatch([{ event: 'proofs', payload: [] }])
    expect(seen).toEqual(['a', 'b', 'b'])
  })

  it('tells about what names no event and skips names it does not know', () => {
    const malformed = vi.fn()
    const registry = createListenerRegistry({ malformed })
    const seen: unknown[] = []
    registry.on('overview', (payload) => seen.push(payload))
    registry.dispatch('not a batch')
    registry.dispatch([null, 42, { payload: 1 }, { event: 'fromANewerMain', payload: 2 }, { event: 'overview', payload: 3 }])
    expect(malformed.mock.calls.map(([received]) => received)).toEqual(['not a batch', null, 42, { payload: 1 }])
    expect(seen).toEqual([3])
  })

  it('refuses an unknown event name or a listener that is not a function, as a ProofWatchError by default', () => {
    const registry = createListenerRegistry()
    expect(() => registry.on('nope' as 'proofs', () => {})).toThrow(ProofWatchError)
    expect(() => registry.on('nope' as 'proofs', () => {})).toThrow('Unknown event nope')
    expect(() => registry.on('proofs', 'not a function' as never)).toThrow('The listener for proofs must be a function')
  })

  it('throws what `refuse` makes of the refusal', () => {
    const registry = createListenerRegistry({ refuse: (info) => ({ plain: info.code }) })
    expect(() => registry.on('nope' as 'proofs', () => {})).toThrow(expect.objectContaining({ plain: 'INVALID_ARGUMENT' }))
  })

  it('says when the first subscription comes and the last one goes', () => {
    const onFirstListener = vi.fn()
    const onNoListeners = vi.fn()
    const registry = createListenerRegistry({ onFirstListener, onNoListeners })
    const offA = registry.on('proofs', () => {})
    const offB = registry.on('connection', () => {})
    expect(onFirstListener).toHaveBeenCalledTimes(1)
    offA()
    expect(onNoListeners).not.toHaveBeenCalled()
    offB()
    offB()
    expect(onNoListeners).toHaveBeenCalledTimes(1)
    registry.on('proofs', () => {})
    expect(onFirstListener).toHaveBeenCalledTimes(2)
  })

  it('does not count a refused subscription', () => {
    const onFirstListener = vi.fn()
    const registry = createListenerRegistry({ onFirstListener })
    expect(() => registry.on('nope' as 'proofs', () => {})).toThrow()
    expect(onFirstListener).not.toHaveBeenCalled()
  })
})
