import { describe, expect, it, vi } from 'vitest'
import type { BridgeMethods } from '@shared/bridge'
import { ProofWatchError } from '@shared/errors'
import { createBridgeDispatcher } from './bridge-dispatch'

function fakeApi(): BridgeMethods {
  const reject = () => Promise.reject(new Error('not used'))
  return {
    getOverview: vi.fn(reject),
    getSeries: vi.fn(reject),
    getLeaderboard: vi.fn(reject),
    listProofs: vi.fn(async () => ({ items: [], nextCursor: null, total: '0' })),
    getProof: vi.fn(async () => {
      throw new ProofWatchError({ code: 'NOT_FOUND', message: 'Proof not found', status: 404, serverCode: 'NOT_FOUND' })
    }),
    listTransactions: vi.fn(reject),
    getTransaction: vi.fn(reject),
    getSettings: vi.fn(reject),
    updateSettings: vi.fn(reject),
    getConnection: vi.fn(reject),
    getRecentProofs: vi.fn(reject),
    subscribe: vi.fn(reject),
    unsubscribe: vi.fn(reject),
  }
}

describe('bridge dispatcher', () => {
  it('passes validated arguments to the core and wraps the result', async () => {
    const api = fakeApi()
    const dispatch = createBridgeDispatcher(api)
    const response = await dispatch('listProofs', [{ authority: '  ', type: 'BALANCE', limit: 20 }])
    expect(response).toEqual({ result: { items: [], nextCursor: null, total: '0' } })
    // Blank filters and value ranges are the client's to judge; the dispatcher checks shape and types.
    expect(api.listProofs).toHaveBeenCalledWith({ authority: '  ', type: 'BALANCE', limit: 20 })
  })

  it('turns a core error into an error envelope with its code and status', async () => {
    const dispatch = createBridgeDispatcher(fakeApi())
    const response = await dispatch('getProof', ['x'.repeat(44)])
    expect(response).toEqual({
      error: { code: 'NOT_FOUND', message: 'Proof not found', status: 404, serverCode: 'NOT_FOUND', retryable: false },
    })
  })

  it.each([
    ['constructor', []],
    ['__proto__', []],
    ['deleteEverything', []],
  ])('rejects the unknown method %s', async (method, args) => {
    const response = await createBridgeDispatcher(fakeApi())(method, args)
    expect(response).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
  })

  it.each([
    ['getProof', [42]],
    ['getProof', []],
    ['getProof', ['a', 'b']],
    ['listProofs', [{ limit: 1.5 }]],
    ['listProofs', [{ limit: '5' }]],
    ['getProof', ['x'.repeat(5000)]],
    ['listProofs', [{ evil: true }]],
    ['getSeries', [{ metric: 'proofs', period: '1h' }]],
    ['listTransactions', 'not an array'],
    ['updateSettings', [{ indexerUrl: 7 }]],
  ])('rejects bad arguments for %s: %j', async (method, args) => {
    const api = fakeApi()
    const response = await createBridgeDispatcher(api)(method, args)
    expect(response).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
    expect(response).toHaveProperty('error.message', expect.stringContaining(method))
  })
})
