/**
 * Settings as the renderer sees and changes them. Credentials are written
 * through a patch but never come back: a profile only says whether one is set.
 */
import type { CacheLimits } from './history'
import type { NotificationRules, NotificationRulesPatch } from './notification-rules'

/** The built-in demo indexer's profile; always present, never removed. */
export const DEMO_PROFILE_ID = 'demo'

export interface IndexerProfile {
  id: string
  name: string
  /** Empty for the demo profile: its address is only known once it runs. */
  httpUrl: string
  /** Null derives it from httpUrl (same host, `/ws`). */
  wsUrl: string | null
  /** The user's wallet on this indexer (for `user:*` channels and "my proofs"). */
  wallet: string | null
  credentialSet: boolean
}

/** How often main polls what the socket does not push. */
export interface PollingIntervals {
  seriesMs: number
  leaderboardMs: number
  /** The overview, polled only while the socket is down. */
  overviewMs: number
}

export const THEMES = ['system', 'light', 'dark'] as const
export type ThemeChoice = (typeof THEMES)[number]

export interface DesktopOptions {
  /** Closing the window hides it to the tray instead of quitting. */
  closeToTray: boolean
  startHidden: boolean
  launchAtLogin: boolean
}

export interface PublicSettings {
  /** The demo profile first, then the user's indexers. */
  profiles: IndexerProfile[]
  activeProfileId: string
  notifications: NotificationRules
  polling: PollingIntervals
  cache: CacheLimits
  theme: ThemeChoice
  desktop: DesktopOptions
  /** Set when this run watches an indexer given at launch (--indexer or its variable) instead of the chosen profile. */
  launchIndexerUrl?: string
  /** "Keep my watchlist in step with my account" (signed in). Absent: off, so nothing leaves the machine unasked. */
  syncWatchlistWithAccount?: boolean
}

/** A profile as entered in Settings. */
export interface ProfileInput {
  /** Absent: a new profile. */
  id?: string
  name: string
  httpUrl: string
  wsUrl?: string | null
  wallet?: string | null
  /**
   * `cookie:<name>=<value>` or `bearer:<token>`. Absent keeps what is set,
   * null or blank removes it.
   */
  credential?: string | null
}

export interface SettingsPatch {
  /** Adds or changes a profile; it becomes active unless `activeProfileId` says otherwise. */
  saveProfile?: ProfileInput
  removeProfile?: string
  activeProfileId?: string
  notifications?: NotificationRulesPatch
  polling?: Partial<PollingIntervals>
  cache?: Partial<CacheLimits>
  theme?: ThemeChoice
  desktop?: Partial<DesktopOptions>
  syncWatchlistWithAccount?: boolean
}

/** What "test connection" found for a profile, check by check. */
export interface ConnectionCheck {
  /** e.g. `GET /api/stats/overview`, `WebSocket /ws`, `user channels`. */
  name: string
  ok: boolean
  /** How long it took, when it completed. */
  ms: number | null
  detail: string
}

export interface ConnectionReport {
  httpUrl: string
  wsUrl: string
  checks: ConnectionCheck[]
}

/** Facts about this run that Settings and the shell show. */
export interface AppInfo {
  /** `desktop`: the Electron app; `browser`: serve mode in a browser tab. */
  platform: 'desktop' | 'browser'
  version: string
  dataDir: string | null
  logFile: string | null
  /** Whether credentials are encrypted at rest, and a warning when not. */
  secrets: { encrypted: boolean; warning: string | null }
}
