import { nodeCrypto } from '../../runtime/builtins-on-first-use'
import {
  DEMO_PROFILE_ID,
  THEMES,
  type IndexerProfile,
  type PollingIntervals,
  type ProfileInput,
  type PublicSettings,
  type SettingsPatch,
  type ThemeChoice,
} from '@shared/settings'
import { applyNotificationRulesPatch, DEFAULT_NOTIFICATION_RULES, notificationRulesFromStored } from '@shared/notification-rules'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import { DEFAULT_CACHE_LIMITS, type CacheLimits } from '@shared/history'
import { normalizeBaseUrl } from '../indexer/url'
import { PUBKEY_LENGTH, requireBase58 } from '../indexer/arguments'
import type { Logger } from '../log/log'
import type { SecretStorage } from './secrets'
import { formatCredential, parseCredential } from './credentials'

/** A profile as kept on disk: no credential (the secret store holds it), no derived fields. */
export interface SavedProfile {
  id: string
  name: string
  httpUrl: string
  wsUrl: string | null
  wallet: string | null
}

/** Everything the settings store keeps, as one document: what the renderer sees, with profiles as kept on disk. */
export interface SavedSettings extends Omit<PublicSettings, 'profiles'> {
  /** The user's indexers; the demo profile is implicit. */
  profiles: SavedProfile[]
  /** Watched addresses and circuits, as the watchlist keeps them; it checks its own shape. */
  watchlist: unknown
  /** Snoozes in force, as notify/snoozes.ts keeps them; it checks their shape and drops the expired. */
  snoozes?: unknown
}

/** Where settings are kept: electron-store in the app, a JSON file in serve mode, memory in tests. */
export interface SettingsStorage {
  read(): SavedSettings
  write(next: SavedSettings): void
  /** Why the saved settings were not (all) used, or cannot be saved; the monitor tells the user at start. */
  readonly notice?: string | null
}

export const DEFAULT_POLLING: PollingIntervals = { seriesMs: 60_000, leaderboardMs: 120_000, overviewMs: 10_000 }
const POLLING_BOUNDS = { min: 2_000, max: 3_600_000 }
const CACHE_BOUNDS = { minBytes: 10 * 1024 * 1024, maxBytes: 1024 ** 4, minRows: 10_000, maxRows: 1_000_000_000 }
const PROFILE_NAME_MAX = 80

export const DEFAULT_SETTINGS: SavedSettings = {
  profiles: [],
  activeProfileId: DEMO_PROFILE_ID,
  notifications: DEFAULT_NOTIFICATION_RULES,
  polling: DEFAULT_POLLING,
  cache: { ...DEFAULT_CACHE_LIMITS },
  theme: 'system',
  desktop: { closeToTray: true, startHidden: false, launchAtLogin: false },
  watchlist: null,
}

export function memorySettingsStorage(initial: SavedSettings = DEFAULT_SETTINGS): SettingsStorage {
  let current = structuredClone(initial)
  return {
    read: () => structuredClone(current),
    write: (next) => {
      current = structuredClone(next)
    },
  }
}

function invalid(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message })
}

/** A socket URL: ws(s) only, no credentials; a query is kept (some servers take one), a fragment is not. */
export function checkSocketUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw invalid(`Socket URL is not a URL: ${value}`)
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') throw invalid(`Socket URL must start with ws:// or wss://: ${value}`)
  if (url.username || url.password) throw invalid('Socket URL must not carry credentials')
  url.hash = ''
  return url.toString()
}

/** The socket URL the seed implies for an HTTP base URL: same host, ws(s), path /ws. */
export function deriveWsUrl(indexerUrl: string): string {
  const url = new URL(indexerUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.pathname = url.pathname.replace(/\/$/, '') + '/ws'
  url.search = ''
  return url.toString()
}

/** Checks a profile as entered; the credential is left to the caller (it goes to the secret store). */
export function checkProfile(input: ProfileInput, id: string): SavedProfile {
  const name = input.name.trim()
  if (name === '') throw invalid('Give the indexer a name')
  if (name.length > PROFILE_NAME_MAX) throw invalid(`A name is at most ${PROFILE_NAME_MAX} characters`)
  const httpText = input.httpUrl.trim()
  if (httpText === '') throw invalid('Give the indexer’s HTTP URL')
  const wsText = input.wsUrl?.trim() ?? ''
  const walletText = input.wallet?.trim() ?? ''
  return {
    id,
    name,
    // The form the client uses, so what Settings shows is what is asked.
    httpUrl: normalizeBaseUrl(httpText),
    wsUrl: wsText === '' ? null : checkSocketUrl(wsText),
    wallet: walletText === '' ? null : requireBase58(walletText, 'The wallet address', PUBKEY_LENGTH),
  }
}

function checkInterval(name: string, value: number): number {
  if (!Number.isInteger(value) || value < POLLING_BOUNDS.min || value > POLLING_BOUNDS.max) {
    throw invalid(`${name} must be a whole number of milliseconds from ${POLLING_BOUNDS.min} to ${POLLING_BOUNDS.max}`)
  }
  return value
}

function checkCacheLimits(limits: CacheLimits): CacheLimits {
  const { maxBytes, maxRows } = limits
  if (!Number.isInteger(maxBytes) || maxBytes < CACHE_BOUNDS.minBytes || maxBytes > CACHE_BOUNDS.maxBytes) {
    throw invalid(`The cache size must be from ${CACHE_BOUNDS.minBytes / 1024 / 1024} MB up`)
  }
  if (!Number.isInteger(maxRows) || maxRows < CACHE_BOUNDS.minRows || maxRows > CACHE_BOUNDS.maxRows) {
    throw invalid(`The cache row cap must be from ${CACHE_BOUNDS.minRows} rows up`)
  }
  return { maxBytes, maxRows }
}

export interface AppliedPatch {
  settings: SavedSettings
  /** Credentials to store (a string) or remove (null), by profile id. */
  credentials: Map<string, string | null>
}

/**
 * Validates a patch and merges it. Nothing is changed when any part is
 * invalid: the caller saves `settings` only after this returns.
 */
export function applySettingsPatch(current: SavedSettings, patch: SettingsPatch, newId: () => string = () => nodeCrypto().randomUUID()): AppliedPatch {
  const next = structuredClone(current)
  const credentials = new Map<string, string | null>()
  if (patch.saveProfile) {
    const input = patch.saveProfile
    const existing = input.id === undefined ? undefined : next.profiles.find((p) => p.id === input.id)
    if (input.id !== undefined && !existing) {
      throw invalid(input.id === DEMO_PROFILE_ID ? 'The demo indexer cannot be edited' : `No indexer profile ${input.id}`)
    }
    const profile = checkProfile(input, existing?.id ?? newId())
    if (existing) Object.assign(existing, profile)
    else next.profiles.push(profile)
    if (input.credential !== undefined) {
      const text = input.credential?.trim() ?? ''
      credentials.set(profile.id, text === '' ? null : formatCredential(parseCredential(text)))
    }
    if (patch.activeProfileId === undefined) next.activeProfileId = profile.id
  }
  if (patch.removeProfile !== undefined) {
    if (patch.removeProfile === DEMO_PROFILE_ID) throw invalid('The demo indexer cannot be removed')
    const before = next.profiles.length
    next.profiles = next.profiles.filter((p) => p.id !== patch.removeProfile)
    if (next.profiles.length === before) throw invalid(`No indexer profile ${patch.removeProfile}`)
    credentials.set(patch.removeProfile, null)
    if (next.activeProfileId === patch.removeProfile) next.activeProfileId = DEMO_PROFILE_ID
  }
  if (patch.activeProfileId !== undefined) {
    const known = patch.activeProfileId === DEMO_PROFILE_ID || next.profiles.some((p) => p.id === patch.activeProfileId)
    if (!known) throw invalid(`No indexer profile ${patch.activeProfileId}`)
    next.activeProfileId = patch.activeProfileId
  }
  if (patch.notifications) next.notifications = applyNotificationRulesPatch(next.notifications, patch.notifications)
  if (patch.polling) {
    const polling = { ...next.polling, ...patch.polling }
    next.polling = {
      seriesMs: checkInterval('The series interval', polling.seriesMs),
      leaderboardMs: checkInterval('The leaderboard interval', polling.leaderboardMs),
      overviewMs: checkInterval('The overview interval', polling.overviewMs),
    }
  }
  if (patch.cache) next.cache = checkCacheLimits({ ...next.cache, ...patch.cache })
  if (patch.theme !== undefined) {
    if (!THEMES.includes(patch.theme)) throw invalid(`Theme must be one of ${THEMES.join(', ')}`)
    next.theme = patch.theme
  }
  if (patch.syncWatchlistWithAccount !== undefined) {
    if (typeof patch.syncWatchlistWithAccount !== 'boolean') throw invalid('syncWatchlistWithAccount must be true or false')
    if (patch.syncWatchlistWithAccount) next.syncWatchlistWithAccount = true
    else delete next.syncWatchlistWithAccount
  }
  if (patch.desktop) {
    const desktop = { ...next.desktop, ...patch.desktop }
    for (const [key, value] of Object.entries(desktop)) {
      if (typeof value !== 'boolean') throw invalid(`${key} must be true or false`)
    }
    next.desktop = desktop
  }
  return { settings: next, credentials }
}

/** What the renderer sees: the demo profile first, and only whether a credential is set. */
export function publicSettings(saved: SavedSettings, secrets: SecretStorage, demoWallet: string | null): PublicSettings {
  const demo: IndexerProfile = { id: DEMO_PROFILE_ID, name: 'Demo indexer (built in)', httpUrl: '', wsUrl: null, wallet: demoWallet, credentialSet: true }
  return {
    profiles: [demo, ...saved.profiles.map((p) => ({ ...p, credentialSet: secrets.get(p.id) !== null }))],
    activeProfileId: saved.activeProfileId,
    notifications: structuredClone(saved.notifications),
    polling: { ...saved.polling },
    cache: { ...saved.cache },
    theme: saved.theme,
    desktop: { ...saved.desktop },
    ...(saved.syncWatchlistWithAccount === true ? { syncWatchlistWithAccount: true } : {}),
  }
}

type LegacySettings = { indexerUrl?: unknown; wsUrl?: unknown; useDemo?: unknown }

/**
 * Settings as a store holds them (a file a person may have edited) made
 * usable: each part that does not validate falls back to its default with a
 * warning rather than failing the start. Settings written before profiles
 * existed (`indexerUrl`, `wsUrl`, `useDemo`) become one profile.
 */
export function settingsFromStored(stored: unknown, log: Logger): SavedSettings {
  const record = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {}
  const result = structuredClone(DEFAULT_SETTINGS)
  const attempt = (part: string, apply: () => void) => {
    try {
      apply()
    } catch (error) {
      log.warn(`Saved ${part} are not valid; using the defaults`, toErrorInfo(error))
    }
  }
  if (Array.isArray(record.profiles)) {
    for (const entry of record.profiles as Array<Record<string, unknown>>) {
      attempt('indexer profiles', () => {
        const text = (value: unknown) => (typeof value === 'string' ? value : null)
        const id = text(entry?.id)
        if (!id || id === DEMO_PROFILE_ID || result.profiles.some((p) => p.id === id)) throw invalid('A profile has no usable id')
        result.profiles.push(
          checkProfile({ name: text(entry.name) ?? '', httpUrl: text(entry.httpUrl) ?? '', wsUrl: text(entry.wsUrl), wallet: text(entry.wallet) }, id),
        )
      })
    }
  } else {
    const legacy = record as LegacySettings
    if (typeof legacy.indexerUrl === 'string' && legacy.indexerUrl.trim() !== '') {
      attempt('indexer settings', () => {
        const wsUrl = typeof legacy.wsUrl === 'string' ? legacy.wsUrl : null
        result.profiles.push(checkProfile({ name: 'My indexer', httpUrl: legacy.indexerUrl as string, wsUrl }, 'my-indexer'))
        if (legacy.useDemo === false) result.activeProfileId = 'my-indexer'
      })
    }
  }
  if (typeof record.activeProfileId === 'string' && result.profiles.some((p) => p.id === record.activeProfileId)) {
    result.activeProfileId = record.activeProfileId
  }
  const partial = (value: unknown) => (typeof value === 'object' && value !== null ? value : undefined)
  result.notifications = notificationRulesFromStored(record.notifications)
  const patch: SettingsPatch = {
    polling: partial(record.polling) as SettingsPatch['polling'],
    cache: partial(record.cache) as SettingsPatch['cache'],
    desktop: partial(record.desktop) as SettingsPatch['desktop'],
    theme: typeof record.theme === 'string' ? (record.theme as ThemeChoice) : undefined,
  }
  for (const key of ['polling', 'cache', 'desktop', 'theme'] as const) {
    if (patch[key] === undefined) continue
    attempt(key, () => {
      const merged = applySettingsPatch(result, { [key]: patch[key] }).settings
      ;(result as unknown as Record<string, unknown>)[key] = merged[key]
    })
  }
  result.watchlist = record.watchlist ?? null
  if (record.snoozes !== undefined) result.snoozes = record.snoozes
  if (record.syncWatchlistWithAccount === true) result.syncWatchlistWithAccount = true
  return result
}
