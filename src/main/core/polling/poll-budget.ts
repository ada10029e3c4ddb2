/**
 * How often the addresses an indexer does not push are read, as a pure
 * function of how many there are, whether one's page is open, the window's
 * activity and the indexer's advertised rate limit (docs/wire.md: the
 * reference allows 1,000 requests a minute per IP and says so in
 * `x-ratelimit-limit`). All polling together takes at most a fifth of that
 * limit, so the user's own browsing keeps the other four fifths.
 */
import { BATTERY_FACTOR, type Activity } from './poller'

/** The share of the advertised limit that all polling may use. */
export const POLL_SHARE = 0.2
/** An address whose page is open, in a visible window: a new transaction shows within this (target p99 < 5 s). */
export const OPEN_ADDRESS_MS = 3_000
/** Every other address while the window is visible (target p99 < 20 s with 20 addresses). */
export const BACKGROUND_ADDRESS_MS = 15_000
/** While the window is hidden (tray) or minimised: a transaction of a watched address is told within a minute, and 20 addresses cost the core about half the CPU they did at 30 s (docs/benchmarks.md). */
export const HIDDEN_ADDRESS_MS = 60_000
/** While the system is idle or locked. On battery, the background and hidden intervals are BATTERY_FACTOR times longer. */
export const IDLE_ADDRESS_MS = 120_000
/** Until the indexer has said its limit: a cautious guess below the reference's 1,000 a minute. */
export const ASSUMED_LIMIT_PER_MINUTE = 600

export interface BudgetInput {
  /** Watched addresses polled (the indexer does not push them). */
  addresses: number
  /** One of them has its page open. */
  openAddress: boolean
  activity: Activity
  /** `x-ratelimit-limit` as requests a minute; null when not known yet. */
  limitPerMinute: number | null
  /** Other polls' requests a minute (overview, proof feed, the user's proofs), taken from the same share first. */
  otherPerMinute?: number
}

export interface PollBudget {
  /** The open address's interval; null when no page is open (or the window is not visible). */
  openIntervalMs: number | null
  /** Each other address's interval. */
  addressIntervalMs: number
  /** Requests an hour for one background address. */
  perAddressPerHour: number
  /** Requests a minute for all addresses together. */
  totalPerMinute: number
  /** That total (plus the other polls) as a share of the advertised limit. */
  shareOfLimit: number
  /** The limit the budget was computed against. */
  limitPerMinute: number
}

const MINUTE = 60_000

export function pollBudget(input: BudgetInput): PollBudget {
  const limit = input.limitPerMinute !== null && input.limitPerMinute > 0 ? input.limitPerMinute : ASSUMED_LIMIT_PER_MINUTE
  const addresses = Math.max(0, Math.floor(input.addresses))
  const other = Math.max(0, input.otherPerMinute ?? 0)
  const { visible, idle } = input.activity
  const open = input.openAddress && visible && !idle && addresses > 0
  // The open page stays quick on battery (someone is looking at it); the rest slows down.
  const base = idle ? IDLE_ADDRESS_MS : (visible ? BACKGROUND_ADDRESS_MS : HIDDEN_ADDRESS_MS) * (input.activity.onBattery ? BATTERY_FACTOR : 1)
  const share = POLL_SHARE * limit
  // The open page comes first, but never above half of the share.
  const openIntervalMs = open ? Math.max(OPEN_ADDRESS_MS, Math.ceil(MINUTE / (share / 2))) : null
  const openPerMinute = openIntervalMs === null ? 0 : MINUTE / openIntervalMs
  const background = open ? addresses - 1 : addresses
  const available = Math.max(share - openPerMinute - other, share * 0.05)
  const addressIntervalMs = background === 0 ? base : Math.max(base, Math.ceil((background * MINUTE) / available))
  const totalPerMinute = openPerMinute + (background * MINUTE) / addressIntervalMs
  return {
    openIntervalMs,
    addressIntervalMs,
    perAddressPerHour: Math.round((60 * MINUTE) / addressIntervalMs),
    totalPerMinute: Math.round(totalPerMinute * 10) / 10,
    shareOfLimit: Math.round(((totalPerMinute + other) / limit) * 1000) / 1000,
    limitPerMinute: limit,
  }
}

/** The budget for 1, 20 and 200 addresses against a limit, one line each, for the README and the figures. */
export function budgetTable(limitPerMinute: number | null, activity: Activity = { visible: true, idle: false }, openAddress = true): string[] {
  return [1, 20, 200].map((addresses) => {
    const b = pollBudget({ addresses, openAddress, activity, limitPerMinute })
    const open = b.openIntervalMs === null ? 'no page open' : `open page every ${b.openIntervalMs / 1000} s`
    const others = b.openIntervalMs !== null && addresses === 1 ? 'no other address' : `${b.openIntervalMs === null ? 'each' : 'others'} every ${Math.round(b.addressIntervalMs / 100) / 10} s (${b.perAddressPerHour}/h each)`
    return `${addresses} address(es): ${open}, ${others}, ${b.totalPerMinute}/min in all, ${(b.shareOfLimit * 100).toFixed(1)}% of ${b.limitPerMinute}/min`
  })
}
