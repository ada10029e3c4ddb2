import { z } from 'zod'
import type { BridgeMethodName, BridgeMethods, BridgeResponse } from '@shared/bridge'
import { IPC_CHANNELS } from '@shared/bridge'
import { ProofWatchError, toErrorInfo } from '@shared/errors'

/**
 * Validates every call that crosses the bridge (IPC or the browser socket)
 * before it reaches the core: the renderer is not trusted.
 */
const text = (max: number) => z.string().trim().min(1).max(max)
const optionalText = (max: number) => z.string().trim().max(max).optional().transform((v) => (v === '' ? undefined : v))
const limit = z.number().int().min(1).max(200).optional()

const ARGUMENTS = {
  getOverview: z.tuple([]),
  getSeries: z.tuple([
    z.strictObject({ metric: text(40), period: z.enum(['24h', '7d', '30d']) }),
  ]),
  getLeaderboard: z.tuple([
    z.strictObject({ period: optionalText(20), limit: z.number().int().min(1).max(100).optional() }),
  ]),
  listProofs: z.tuple([
    z.strictObject({ authority: optionalText(64), type: optionalText(40), cursor: optionalText(512), limit }),
  ]),
  getProof: z.tuple([text(128)]),
  listTransactions: z.tuple([
    z.strictObject({
      pubkey: optionalText(64),
      type: optionalText(40),
      status: optionalText(20),
      fromDate: optionalText(40),
      toDate: optionalText(40),
      cursor: optionalText(512),
      limit,
    }),
  ]),
  getTransaction: z.tuple([text(160)]),
  getSettings: z.tuple([]),
  updateSettings: z.tuple([
    z.strictObject({
      indexerUrl: z.string().max(2048).nullable().optional(),
      wsUrl: z.string().max(2048).nullable().optional(),
      useDemo: z.boolean().optional(),
    }),
  ]),
  getConnection: z.tuple([]),
  getRecentProofs: z.tuple([]),
  subscribe: z.tuple([text(200)]),
  unsubscribe: z.tuple([text(200)]),
} satisfies Record<BridgeMethodName, z.ZodType>

export type BridgeDispatcher = (method: string, args: unknown) => Promise<BridgeResponse<unknown>>

export function isBridgeMethod(method: string): method is BridgeMethodName {
  return Object.hasOwn(IPC_CHANNELS, method)
}

/** Turns an untrusted (method, args) pair into a call on the core; never throws. */
export function createBridgeDispatcher(api: BridgeMethods): BridgeDispatcher {
  return async (method, args) => {
    try {
      if (!isBridgeMethod(method)) {
        throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Unknown method ${String(method).slice(0, 60)}` })
      }
      const parsed = ARGUMENTS[method].safeParse(args)
      if (!parsed.success) {
        throw new ProofWatchError({
          code: 'INVALID_ARGUMENT',
          message: `Invalid arguments for ${method}: ${z.prettifyError(parsed.error)}`,
        })
      }
      const call = api[method] as (...a: unknown[]) => Promise<unknown>
      const result = await call.apply(api, parsed.data as unknown[])
      return { result }
    } catch (error) {
      return { error: toErrorInfo(error) }
    }
  }
}
