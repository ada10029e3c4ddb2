import type { AppNotification } from '@shared/domain'
import type { CacheInfo, SearchHit } from '@shared/history'
import { DEFAULT_NOTIFICATION_RULES } from '@shared/notification-rules'
import { DEMO_PROFILE_ID, type AppInfo, type ConnectionReport, type IndexerProfile, type PublicSettings } from '@shared/settings'
import type { UnreadCounts } from '@shared/unread'
import type { FollowedCircuit, WatchedAddress, Watchlist } from '@shared/watchlist'
import type { FakeBridge } from './fake-bridge'

/** A base58 address (44 characters, no 0, O, I or l), distinct per `n`: what the address checks accept. */
export function address(n: number): string {
  return `Wx${String(n).padStart(4, '0').replace(/0/g, 'z')}${'x'.repeat(38)}`
}

export function makeWatchedAddress(n: number, overrides: Partial<WatchedAddress> = {}): WatchedAddress {
  return {
    pubkey: address(n),
    label: `Wallet ${n}`,
    notify: true,
    addedAt: 1_700_000_000_000,
    lastActivityAt: 1_700_000_000_000 + n * 60_000,
    lastSignature: null,
    ...overrides,
  }
}

export function makeFollowedCircuit(id: string, overrides: Partial<FollowedCircuit> = {}): FollowedCircuit {
  return {
    circuitId: id,
    label: null,
    notify: true,
    addedAt: 1_700_000_000_000,
    mode: 'live',
    modeReason: null,
    lastActivityAt: null,
    lastProofAccount: null,
    ...overrides,
  }
}

/** The one unread model's counts: a total and, by pubkey or circuit id, those of watched things. */
export function makeUnread(total: number, addresses: Record<string, number> = {}, circuits: Record<string, number> = {}): UnreadCounts {
  return { total, addresses, circuits }
}

export function makeWatchlist(addresses: WatchedAddress[] = [], circuits: FollowedCircuit[] = []): Watchlist {
  return { addresses, circuits }
}

export function makeNotification(n: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id: `n-${n}`,
    kind: 'PROOF_VERIFIED',
    title: `Proof ${n} verified`,
    body: `Your balance proof ${n} was verified.`,
    receivedAt: 1_700_000_000_000 + n * 1_000,
    read: false,
    subject: { kind: 'proof', id: address(n) },
    raw: {},
    extra: {},
    ...overrides,
  }
}

export const DEMO_PROFILE: IndexerProfile = {
  id: DEMO_PROFILE_ID,
  name: 'Demo indexer',
  httpUrl: '',
  wsUrl: null,
  wallet: null,
  credentialSet: false,
}

export function makeProfile(id: string, overrides: Partial<IndexerProfile> = {}): IndexerProfile {
  return {
    id,
    name: `Indexer ${id}`,
    httpUrl: `https://${id}.example`,
    wsUrl: null,
    wallet: null,
    credentialSet: false,
    ...overrides,
  }
}

export function makeSettings(overrides: Partial<PublicSettings> = {}): PublicSettings {
  return {
    profiles: [DEMO_PROFILE],
    activeProfileId: DEMO_PROFILE_ID,
    notifications: structuredClone(DEFAULT_NOTIFICATION_RULES),
    polling: { seriesMs: 60_000, leaderboardMs: 120_000, overviewMs: 15_000 },
    cache: { maxBytes: 500 * 1024 * 1024, maxRows: 2_000_000 },
    theme: 'system',
    desktop: { closeToTray: true, startHidden: false, launchAtLogin: false },
    ...overrides,
  }
}

export function makeAppInfo(overrides: Partial<AppInfo> = {}): AppInfo {
  return {
    platform: 'browser',
    version: '0.1.0',
    dataDir: '/home/user/.config/ProofWatch',
    logFile: '/home/user/.config/ProofWatch/logs/main.log',
    secrets: { encrypted: true, warning: null },
    ...overrides,
  }
}

export function makeCacheInfo(overrides: Partial<CacheInfo> = {}): CacheInfo {
  return {
    path: '/home/user/.config/ProofWatch/history.sqlite',
    bytes: 12 * 1024 * 1024,
    rows: 45_678,
    maxBytes: 500 * 1024 * 1024,
    maxRows: 2_000_000,
    damage: null,
    pendingWrites: 0,
    fullTextSearch: true,
    ...overrides,
  }
}

export function makeConnectionReport(overrides: Partial<ConnectionReport> = {}): ConnectionReport {
  return {
    httpUrl: 'https://indexer.example',
    wsUrl: 'wss://indexer.example/ws',
    checks: [
      { name: 'GET /api/stats/overview', ok: true, ms: 42, detail: '200 OK' },
      { name: 'WebSocket /ws', ok: false, ms: null, detail: 'connection refused' },
    ],
    ...overrides,
  }
}

export function makeSearchHit(kind: SearchHit['kind'], id: string, overrides: Partial<SearchHit> = {}): SearchHit {
  return { kind, id, title: `${kind} ${id.slice(0, 8)}`, detail: null, source: 'cache', ...overrides }
}

/**
 * Answers for what the shell asks at start (nav badges, theme, settings), so
 * a view test only stubs what the view itself reads.
 */
export function serveWorkspaceDefaults(
  bridge: FakeBridge,
  options: { watchlist?: Watchlist; settings?: PublicSettings; appInfo?: AppInfo; cache?: CacheInfo; unread?: UnreadCounts } = {},
): void {
  bridge.handle('getUnread', () => options.unread ?? makeUnread(0))
  bridge.handle('getWatchlist', () => options.watchlist ?? makeWatchlist())
  bridge.handle('getSettings', () => options.settings ?? makeSettings())
  bridge.handle('getAppInfo', () => options.appInfo ?? makeAppInfo())
  bridge.handle('getCacheInfo', () => options.cache ?? makeCacheInfo())
  bridge.handle('listNotifications', () => ({ items: [], nextCursor: null, total: '0' }))
}
