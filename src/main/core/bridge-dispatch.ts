import { z } from 'zod'
import type { BridgeMethodName, BridgeMethods, BridgeResponse } from '@shared/bridge'
import { IPC_CHANNELS } from '@shared/bridge'
import { SERIES_PERIODS } from '@shared/domain'
import { ProofWatchError, toErrorInfo } from '@shared/errors'

/**
 * Checks the shape and types of every call that crosses the bridge (IPC or
 * the browser socket) before it reaches the core: the renderer is not
 * trusted. Value rules (lengths of keys, page limits, enums) belong to the
 * indexer client, which gives the user its own clear message for each.
 */
// Far above any real value; only keeps an untrusted caller from handing the core megabytes.
const text = z.string().max(4096)
const optionalText = text.optional()
const whole = z.number().int().optional()

const ARGUMENTS = {
  getOverview: z.tuple([]),
  getSeries: z.tuple([z.strictObject({ metric: text, period: z.enum(SERIES_PERIODS) })]),
  getLeaderboard: z.tuple([z.strictObject({ period: optionalText, limit: whole })]),
  listProofs: z.tuple([z.strictObject({ authority: optionalText, type: optionalText, cursor: optionalText, limit: whole })]),
  getProof: z.tuple([text]),
  listTransactions: z.tuple([
    z.strictObject({
      pubkey: optionalText,
      type: optionalText,
      status: optionalText,
      fromDate: optionalText,
      toDate: optionalText,
      cursor: optionalText,
      limit: whole,
    }),
  ]),
  getTransaction: z.tuple([text]),
  getSettings: z.tuple([]),
  updateSettings: z.tuple([
    z.strictObject({ indexerUrl: text.nullable().optional(), wsUrl: text.nullable().optional(), useDemo: z.boolean().optional() }),
  ]),
  getConnection: z.tuple([]),
  getRecentProofs: z.tuple([]),
  subscribe: z.tuple([text.min(1)]),
  unsubscribe: z.tuple([text.min(1)]),
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
