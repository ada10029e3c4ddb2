import { describe, expect, it, vi } from 'vitest'
import { BRIDGE_METHOD_NAMES, type BridgeMethods } from '@shared/bridge'
import { ProofWatchError } from '@shared/errors'
import { createBridgeDispatcher } from './bridge-dispatch'

function fakeApi(): BridgeMethods {
  const reject = () => Promise.reject(new Error('not used'))
  const api = Object.fromEntries(BRIDGE_METHOD_NAMES.map((name) => [name, vi.fn(reject)])) as unknown as BridgeMethods
  api.listProofs = vi.fn(async () => ({ items: [], nextCursor: null, total: '0' }))
  api.getProof = vi.fn(async () => {
    throw new ProofWatchError({ code: 'NOT_FOUND', message: 'Proof not found', status: 404, serverCode: 'NOT_FOUND' })
  })
  api.markNotificationsRead = vi.fn(async () => ({ total: 0, addresses: {}, circuits: {} }))
  api.updateSettings = vi.fn(reject)
  return api
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
    ['updateSettings', [{ indexerUrl: 'http://a' }]],
    ['updateSettings', [{ saveProfile: { name: 'x', httpUrl: 'http://a', password: 'p' } }]],
    ['updateSettings', [{ notifications: { sources: { notifications: { deep: { deeper: true } } } } }]],
    ['getOverview', [{ source: 'disk' }]],
    ['markNotificationsRead', ['some']],
    ['exportHistory', [{ kind: 'proofs', format: 'xml', filter: {} }]],
    ['exportHistory', [{ kind: 'wallets', format: 'csv', filter: {} }]],
    ['markWatchRead', [{ kind: 'planet', id: 'x' }]],
    ['search', [{ text: 'x'.repeat(300) }]],
    ['setLivePaused', ['yes']],
    ['getDisplayNames', ['one address']],
    ['getDisplayNames', [[42]]],
    ['getDisplayNames', [Array.from({ length: 501 }, () => 'x'.repeat(44))]],
  ])('rejects bad arguments for %s: %j', async (method, args) => {
    const api = fakeApi()
    const response = await createBridgeDispatcher(api)(method, args)
    expect(response).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
    expect(response).toHaveProperty('error.message', expect.stringContaining(method))
  })

  it('passes read options through, and takes their absence', async () => {
    const api = fakeApi()
    const dispatch = createBridgeDispatcher(api)
    await dispatch('listProofs', [{ limit: 5 }, { source: 'cache' }])
    expect(api.listProofs).toHaveBeenLastCalledWith({ limit: 5 }, { source: 'cache' })
    expect(await dispatch('listProofs', [{}])).toHaveProperty('result')
  })

  it('accepts every notification-rules shape the settings view sends', async () => {
    const api = fakeApi()
    await createBridgeDispatcher(api)('updateSettings', [
      { notifications: { doNotDisturb: true, sources: { addresses: false }, mutedAddresses: ['A'.repeat(32)], quietHours: { start: '22:00' } } },
    ])
    expect(api.updateSettings).toHaveBeenCalledTimes(1)
  })

  it('accepts marking all or some notifications read', async () => {
    const api = fakeApi()
    const dispatch = createBridgeDispatcher(api)
    expect(await dispatch('markNotificationsRead', ['all'])).toEqual({ result: { total: 0, addresses: {}, circuits: {} } })
    expect(await dispatch('markNotificationsRead', [['n1', 'n2']])).toEqual({ result: { total: 0, addresses: {}, circuits: {} } })
  })

  it('hands the core the same arguments whether a left-out one came as undefined (IPC) or null (JSON)', async () => {
    const api = fakeApi()
    const dispatch = createBridgeDispatcher(api)
    const overJson = await dispatch('listProofs', [{ limit: 5 }, null])
    const overIpc = await dispatch('listProofs', [{ limit: 5, cursor: undefined }, undefined])
    expect(overJson).toStrictEqual(overIpc)
    expect(vi.mocked(api.listProofs).mock.calls).toStrictEqual([[{ limit: 5 }], [{ limit: 5 }]])
  })

  it('answers in the JSON data model, so structured clone cannot carry more than the socket', async () => {
    const api = fakeApi()
    api.listProofs = vi.fn(async () => ({ items: [], nextCursor: undefined, total: '18446744073709551615', at: new Date(0) }) as never)
    expect(await createBridgeDispatcher(api)('listProofs', [{}])).toStrictEqual({
      result: { items: [], total: '18446744073709551615', at: '1970-01-01T00:00:00.000Z' },
    })
  })

  it('refuses arguments that are not plain data, and arguments that are not a list', async () => {
    const dispatch = createBridgeDispatcher(fakeApi())
    const cycle: Record<string, unknown> = {}
    cycle.self = cycle
    expect(await dispatch('listProofs', [cycle])).toMatchObject({ error: { code: 'INVALID_ARGUMENT', message: expect.stringContaining('not plain data') } })
    expect(await dispatch('listProofs', { 0: {} })).toMatchObject({ error: { code: 'INVALID_ARGUMENT' } })
  })
})
