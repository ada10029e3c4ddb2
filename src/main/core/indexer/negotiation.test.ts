import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { chooseAccepted, createParameterMemory, negotiate, parseAcceptedValues } from './negotiation'

const METRIC_MESSAGE = "metric: Invalid enum value. Expected 'tps' | 'proofs24h' | 'activeUsers24h', received 'proofs'"

function badRequest(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'HTTP', status: 400, serverCode: 'VALIDATION_FAILED', message })
}

describe('parseAcceptedValues', () => {
  it('reads the reference deployment message', () => {
    expect(parseAcceptedValues(METRIC_MESSAGE)).toEqual({
      parameter: 'metric',
      accepted: ['tps', 'proofs24h', 'activeUsers24h'],
      received: 'proofs',
    })
  })

  it('reads other common phrasings', () => {
    expect(parseAcceptedValues('Invalid option: expected one of "tps"|"proofs24h"')).toEqual({
      parameter: null,
      accepted: ['tps', 'proofs24h'],
      received: null,
    })
    expect(parseAcceptedValues('querystring/metric must be one of: tps, proofs24h or activeUsers24h')).toMatchObject({
      parameter: 'metric',
      accepted: ['tps', 'proofs24h', 'activeUsers24h'],
    })
  })

  it('gives null when no values are listed', () => {
    expect(parseAcceptedValues('limit: Number must be less than or equal to 200')).toBeNull()
    expect(parseAcceptedValues('Proof not found')).toBeNull()
  })
})

describe('chooseAccepted', () => {
  it('prefers the same value in another case, then one starting with or containing the asked one', () => {
    expect(chooseAccepted('proofs', ['tps', 'proofs24h', 'activeUsers24h'])).toBe('proofs24h')
    expect(chooseAccepted('BALANCE', ['balance', 'ownership'])).toBe('balance')
    expect(chooseAccepted('users', ['tps', 'activeUsers24h'])).toBe('activeUsers24h')
    expect(chooseAccepted('proofs24h', ['tps', 'proofs'])).toBe('proofs')
    expect(chooseAccepted('latency', ['tps', 'proofs24h'])).toBeNull()
  })
})

describe('negotiate', () => {
  const context = () => ({ memory: createParameterMemory(), indexer: 'http://127.0.0.1:1' })
  type Context = ReturnType<typeof context>

  /** Negotiates `metric=asked` against a request that always fails with `error`: rejects with it, and says how often it was sent. */
  async function callsBeforeRejecting(ctx: Context, asked: string, error: ProofWatchError): Promise<number> {
    let calls = 0
    await expect(
      negotiate(ctx, [{ name: 'metric', asked }], async () => {
        calls++
        throw error
      }),
    ).rejects.toBe(error)
    return calls
  }

  it('retries once with the accepted value and remembers it', async () => {
    const ctx = context()
    const sent: Array<Record<string, string>> = []
    const send = async (values: Record<string, string>) => {
      sent.push(values)
      if (values.metric === 'proofs') throw badRequest(METRIC_MESSAGE)
      return 'ok'
    }
    const params = [
      { name: 'metric', asked: 'proofs' },
      { name: 'period', asked: '24h' },
    ]
    expect(await negotiate(ctx, params, send)).toEqual({ result: 'ok', sent: { metric: 'proofs24h', period: '24h' } })
    expect(sent).toEqual([
      { metric: 'proofs', period: '24h' },
      { metric: 'proofs24h', period: '24h' },
    ])
    expect(ctx.memory.get(ctx.indexer, 'metric', 'proofs')).toBe('proofs24h')
    await negotiate(ctx, params, send)
    expect(sent).toHaveLength(3)
    expect(sent[2]).toEqual({ metric: 'proofs24h', period: '24h' })
    expect(ctx.memory.get('http://other:1', 'metric', 'proofs')).toBeUndefined()
  })

  it('learns the case of every listed enum value at once', async () => {
    const ctx = context()
    const send = async (values: Record<string, string>) => {
      if (values.type !== values.type?.toLowerCase()) {
        throw badRequest(`type: Invalid enum value. Expected 'balance' | 'ownership', received '${values.type}'`)
      }
      return values.type
    }
    expect((await negotiate(ctx, [{ name: 'type', asked: 'BALANCE', caseOnly: true }], send)).result).toBe('balance')
    expect(ctx.memory.get(ctx.indexer, 'type', 'OWNERSHIP')).toBe('ownership')
  })

  it('passes other failures through and does not loop', async () => {
    const ctx = context()
    const notFound = new ProofWatchError({ code: 'NOT_FOUND', status: 404, message: 'nope' })
    expect(await callsBeforeRejecting(ctx, 'proofs', notFound)).toBe(1)
    expect(await callsBeforeRejecting(ctx, 'proofs', badRequest(METRIC_MESSAGE))).toBe(2)
    expect(ctx.memory.get(ctx.indexer, 'metric', 'proofs')).toBeUndefined()
  })

  it('does not retry when no listed value fits', async () => {
    const error = badRequest("metric: Invalid enum value. Expected 'tps', received 'latency'")
    expect(await callsBeforeRejecting(context(), 'latency', error)).toBe(1)
  })
})
