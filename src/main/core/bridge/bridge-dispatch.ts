import { z } from 'zod'
import type { BridgeMethodName, BridgeMethods, BridgeResponse } from '@shared/bridge'
import { IPC_CHANNELS } from '@shared/bridge'
import { PROOF_STATES, SERIES_PERIODS } from '@shared/domain'
import { THEMES } from '@shared/settings'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import { toWireArgs, toWireValue } from '@shared/wire-value'

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

const readOptions = z.strictObject({ source: z.enum(['cache', 'network']).optional() }).optional()
const pubkey = text.min(1)
const snoozeTarget = z.strictObject({ kind: z.string().max(20), id: text.min(1) })
/** Far more addresses than a screen shows. */
const DISPLAY_NAMES_ASKED_MAX = 500
const subject = z.strictObject({ kind: z.enum(['transaction', 'proof', 'address', 'circuit']), id: text.min(1) })
const proofFilter = z.strictObject({
  authority: optionalText,
  type: optionalText,
  circuitId: optionalText,
  state: z.enum(PROOF_STATES).optional(),
  fromDate: optionalText,
  toDate: optionalText,
  cursor: optionalText,
  limit: whole,
})
const transactionFilter = z.strictObject({
  pubkey: optionalText,
  type: optionalText,
  status: optionalText,
  fromDate: optionalText,
  toDate: optionalText,
  cursor: optionalText,
  limit: whole,
})
const nullableText = text.nullable().optional()
const profileInput = z.strictObject({
  id: optionalText,
  name: text,
  httpUrl: text,
  wsUrl: nullableText,
  wallet: nullableText,
  credential: nullableText,
})
// Rule values are checked by the settings code, which names what is wrong; here only their size is bounded.
const ruleLeaf = z.union([z.boolean(), z.number(), text, z.null()])
const ruleValue = z.union([ruleLeaf, z.array(text).max(1000), z.record(text, ruleLeaf)])

/** The argument schema of every bridge method (the contract suite derives its calls from these). */
export const BRIDGE_ARGUMENTS = {
  getOverview: z.tuple([readOptions]),
  getSeries: z.tuple([z.strictObject({ metric: text, period: z.enum(SERIES_PERIODS) }), readOptions]),
  getLeaderboard: z.tuple([z.strictObject({ period: optionalText, limit: whole }), readOptions]),
  listProofs: z.tuple([proofFilter, readOptions]),
  getProof: z.tuple([text, readOptions]),
  listCircuits: z.tuple([readOptions]),
  listTransactions: z.tuple([transactionFilter, readOptions]),
  getTransaction: z.tuple([text, readOptions]),
  getSettings: z.tuple([]),
  updateSettings: z.tuple([
    z.strictObject({
      saveProfile: profileInput.optional(),
      removeProfile: optionalText,
      activeProfileId: optionalText,
      notifications: z.record(text, ruleValue).optional(),
      polling: z.strictObject({ seriesMs: whole, leaderboardMs: whole, overviewMs: whole }).optional(),
      cache: z.strictObject({ maxBytes: whole, maxRows: whole }).optional(),
      theme: z.enum(THEMES).optional(),
      desktop: z.strictObject({ closeToTray: z.boolean().optional(), startHidden: z.boolean().optional(), launchAtLogin: z.boolean().optional() }).optional(),
      syncWatchlistWithAccount: z.boolean().optional(),
    }),
  ]),
  testConnection: z.tuple([profileInput]),
  getAppInfo: z.tuple([]),
  getConnection: z.tuple([]),
  reconnectNow: z.tuple([]),
  setLivePaused: z.tuple([z.boolean()]),
  getRecentProofs: z.tuple([]),
  getWatchlist: z.tuple([]),
  watchAddress: z.tuple([z.strictObject({ pubkey, label: nullableText, notify: z.boolean().optional() })]),
  unwatchAddress: z.tuple([pubkey]),
  followCircuit: z.tuple([z.strictObject({ circuitId: text.min(1), label: nullableText, notify: z.boolean().optional() })]),
  unfollowCircuit: z.tuple([text.min(1)]),
  markWatchRead: z.tuple([subject]),
  listNotifications: z.tuple([
    z.strictObject({ kind: optionalText, unreadOnly: z.boolean().optional(), topic: optionalText, cursor: optionalText, limit: whole }),
  ]),
  markNotificationsRead: z.tuple([z.union([z.literal('all'), z.array(text).max(10_000)])]),
  getUnread: z.tuple([]),
  search: z.tuple([z.strictObject({ text: z.string().max(256), network: z.boolean().optional() })]),
  getAddressActivity: z.tuple([z.strictObject({ pubkey, timeZone: z.string().max(64).optional() })]),
  getCacheInfo: z.tuple([]),
  clearCache: z.tuple([z.strictObject({ everything: z.boolean() })]),
  exportHistory: z.tuple([
    z.discriminatedUnion('kind', [
      z.strictObject({ kind: z.literal('proofs'), format: z.enum(['csv', 'json']), filter: proofFilter }),
      z.strictObject({ kind: z.literal('transactions'), format: z.enum(['csv', 'json']), filter: transactionFilter }),
    ]),
  ]),
  openExternal: z.tuple([subject]),
  getAuth: z.tuple([]),
  signInWithWallet: z.tuple([]),
  signInWithKeypair: z.tuple([text.min(1).nullable()]),
  signOut: z.tuple([]),
  confirmSignIn: z.tuple([text.min(1).max(100), z.boolean()]),
  getAccountSessions: z.tuple([]),
  endAccountSession: z.tuple([text.min(1).max(200)]),
  getAccountPreferences: z.tuple([]),
  setAccountPreferences: z.tuple([
    z.strictObject({
      channels: z.record(z.string().max(60), z.boolean()).optional(),
      events: z.record(z.string().max(60), z.boolean()).optional(),
    }),
  ]),
  setOpenAddress: z.tuple([pubkey.nullable()]),
  setAddressLocalOnly: z.tuple([pubkey, z.boolean()]),
  syncAccountWatchlist: z.tuple([]),
  getAccountSync: z.tuple([]),
  getCircuitCatalog: z.tuple([readOptions]),
  getDisplayNames: z.tuple([z.array(pubkey).max(DISPLAY_NAMES_ASKED_MAX)]),
  // --- rule preview (issue 26): the draft's values are checked by the rules code, like updateSettings' ---
  previewNotificationRules: z.tuple([z.record(text, ruleValue)]),
  // --- snooze and privacy (issue 26, item 2): target ids and durations are checked by shared/snooze.ts, which names what is wrong.
  snoozeNotifications: z.tuple([z.strictObject({ target: snoozeTarget, duration: z.string().max(20) })]),
  endSnooze: z.tuple([snoozeTarget]),
  listSnoozes: z.tuple([]),
  setNotificationPrivacy: z.tuple([z.string().max(20)]),
} satisfies Record<BridgeMethodName, z.ZodType>

export type BridgeDispatcher = (method: string, args: unknown) => Promise<BridgeResponse<unknown>>

export function isBridgeMethod(method: string): method is BridgeMethodName {
  return Object.hasOwn(IPC_CHANNELS, method)
}

export interface DispatcherOptions {
  /** What a page may see of an answer or an error (the monitor redacts every credential it knows of). */
  shown?: <T>(value: T) => T
}

/** Turns an untrusted (method, args) pair into a call on the core; never throws. */
export function createBridgeDispatcher(api: BridgeMethods, options: DispatcherOptions = {}): BridgeDispatcher {
  const shown = options.shown ?? (<T>(value: T) => value)
  const dispatch = async (method: string, args: unknown): Promise<BridgeResponse<unknown>> => {
    try {
      if (!isBridgeMethod(method)) {
        throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Unknown method ${String(method).slice(0, 60)}` })
      }
      if (!Array.isArray(args)) {
        throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Invalid arguments for ${method}: expected a list` })
      }
      const parsed = BRIDGE_ARGUMENTS[method].safeParse(wireArgs(method, args))
      if (!parsed.success) {
        throw new ProofWatchError({
          code: 'INVALID_ARGUMENT',
          message: `Invalid arguments for ${method}: ${z.prettifyError(parsed.error)}`,
        })
      }
      const call = api[method] as (...a: unknown[]) => Promise<unknown>
      const result = await call.apply(api, parsed.data as unknown[])
      return { result: wireResult(method, result) }
    } catch (error) {
      return { error: toErrorInfo(error) }
    }
  }
  return async (method, args) => shown(await dispatch(method, args))
}

/** The result in the one data model of every transport; one JSON cannot carry (a cycle, a BigInt, stack-deep nesting) is an error that says so. */
function wireResult(method: BridgeMethodName, result: unknown): unknown {
  try {
    return toWireValue(result)
  } catch (error) {
    throw new ProofWatchError({
      code: 'INTERNAL',
      message: `The answer to ${method} could not be sent: ${error instanceof Error ? error.message : String(error)}`,
    })
  }
}

/** The arguments in the one data model of every transport; what JSON cannot carry is refused, not half-carried. */
function wireArgs(method: BridgeMethodName, args: unknown[]): unknown[] {
  try {
    return toWireArgs(args)
  } catch {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Invalid arguments for ${method}: not plain data` })
  }
}
