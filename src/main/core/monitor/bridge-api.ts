/**
 * The bridge methods as the monitor answers them, each a thin call into the
 * part that does the work: the session's cache-first reads (always written
 * through), the watchlist, the notification centre, the cache, sign-in and
 * the account, or one of the monitor's own policies (settings, connection).
 */
import type { BridgeMethods } from '@shared/bridge'
import { summaryFromProof } from '@shared/proof-summary'
import { testProfileConnection } from '../session/connection-test'
import type { IndexerSession } from '../session/indexer-session'
import { expandHome } from '../sign-in/keypair-file'
import type { IndexerMonitor } from './indexer-monitor'
import type { MonitorOptions } from './monitor'
import { applyNotificationRulesPatch } from '@shared/notification-rules'
import { previewRules } from '../notify/rule-preview'
import { localDay, localMinutesOfDay } from '../notify/timers'

export function createBridgeApi(core: IndexerMonitor, appInfo: MonitorOptions['appInfo']): BridgeMethods {
  const read = <T extends object>(request: (session: IndexerSession) => Promise<T>): Promise<T> => request(core.requireSession())
  const { watchlist, centre, signIn, account, hooks } = core
  return {
    // --- reads: cache first or network first ---------------------------------
    getOverview: (options) => read((s) => s.cached.overview(options)),
    getSeries: (query, options) =>
      read((s) => {
        s.followSeries(query)
        return s.cached.series(query, options)
      }),
    getLeaderboard: (query, options) =>
      read((s) => {
        s.followLeaderboard(query)
        return s.cached.leaderboard(query, options)
      }),
    listProofs: (query, options) => read((s) => s.cached.listProofs(query, options)),
    getProof: (proofAccount, options) => read((s) => s.cached.proof(proofAccount, options)),
    getCircuitCatalog: (options) => read((s) => s.circuits.read(options)),
    getDisplayNames: (pubkeys) => read(async (s) => s.displayNames.ask(pubkeys)),
    listCircuits: (options) => read((s) => s.cached.circuits(options)),
    listTransactions: (query, options) => read((s) => s.cached.listTransactions(query, options)),
    getTransaction: (signature, options) => read((s) => s.cached.transaction(signature, options)),

    // --- settings and connection ---------------------------------------------
    getSettings: async () => core.publicSettings(),
    updateSettings: (patch) => core.updateSettings(patch),
    testConnection: async (profile) =>
      testProfileConnection(profile, {
        saved: core.settings.read(),
        secrets: core.secrets,
        learnCredential: (credential) => core.knownSecrets.borrowCredential(credential),
        shown: (report) => core.knownSecrets.redactValue(report),
      }),
    getAppInfo: async () => {
      const info = appInfo ?? {}
      return {
        platform: info.platform ?? 'browser',
        version: info.version ?? '0.0.0',
        dataDir: info.dataDir ?? null,
        logFile: info.logFile ?? null,
        secrets: { encrypted: core.secrets.encrypted, warning: core.secrets.warning },
      }
    },
    getConnection: async () => core.connectionState(),
    reconnectNow: () => core.reconnectNow(),
    setLivePaused: (paused) => core.setLivePaused(paused),
    getRecentProofs: async () => {
      const session = core.session
      if (!session) return []
      const held = session.getRecentProofs()
      if (held.length > 0) return held
      // Nothing live yet (a start, or offline): the cache's newest proofs.
      const cached = await session.cached.listProofs({ limit: 50 }, { source: 'cache' })
      return cached.items.map(summaryFromProof)
    },
    setOpenAddress: async (pubkey) => core.setOpenAddress(pubkey),

    // --- watchlist -------------------------------------------------------------
    getWatchlist: async () => watchlist.snapshot(),
    watchAddress: async (input) => watchlist.watchAddress(input),
    unwatchAddress: async (pubkey) => watchlist.unwatchAddress(pubkey),
    setAddressLocalOnly: async (pubkey, localOnly) => watchlist.setLocalOnly(pubkey, localOnly),
    syncAccountWatchlist: async () => core.requireSession().syncAccountWatchlist(),
    getAccountSync: async () => core.session?.accountSyncResult() ?? null,
    followCircuit: async (input) => {
      await core.session?.checkCircuit(input.circuitId)
      return watchlist.followCircuit(input)
    },
    unfollowCircuit: async (circuitId) => watchlist.unfollowCircuit(circuitId),
    markWatchRead: async (subject) => {
      const topic = watchlist.requireFollowed(subject)
      core.requireSession()
      await centre.markTopicRead(topic)
      return watchlist.snapshot()
    },

    // --- notification centre, search, cache, export ------------------------------
    listNotifications: async (query) => {
      const session = core.requireSession()
      await core.flushHistory()
      return session.history.listNotifications(query).data
    },
    markNotificationsRead: async (ids) => {
      core.requireSession()
      return centre.markRead(ids)
    },
    getUnread: async () => centre.unread(),
    search: async (input) => {
      const session = core.requireSession()
      await core.flushHistory()
      return session.cached.search(input.text, { network: input.network ?? false })
    },
    getAddressActivity: async (query) => {
      const session = core.requireSession()
      await core.flushHistory()
      return session.history.addressActivity(query)
    },
    getCacheInfo: async () => core.requireHistory().infoAside(),
    clearCache: (options) => core.clearCache(options),
    exportHistory: async (request) => {
      const session = core.requireSession()
      hooks.requireExport()
      await core.flushHistory()
      return hooks.exportFrom(session.history, request)
    },
    openExternal: async (subject) => hooks.openExplorer(subject, core.session?.target.demo === true),

    // --- sign-in and the account ---------------------------------------------------
    getAuth: async () => signIn.refreshAvailability(),
    signInWithWallet: async () => signIn.beginBrowserSignIn(),
    signInWithKeypair: async (path) => {
      const file = path ?? (await hooks.pickKeypair())
      return file === null ? signIn.snapshot() : signIn.signInWithKeypair(expandHome(file))
    },
    confirmSignIn: async (id, accept) => signIn.confirmSignIn(id, accept),
    signOut: async () => signIn.signOut(),
    getAccountSessions: async () => account.sessions(),
    endAccountSession: async (id) => account.endSession(id),
    getAccountPreferences: async () => account.preferences(),
    setAccountPreferences: async (patch) => account.setPreferences(patch),

    // --- rule preview (issue 26) ---------------------------------------------------
    previewNotificationRules: async (draft) => {
      const session = core.requireSession()
      const rules = applyNotificationRulesPatch(core.settings.current().notifications, draft)
      await core.flushHistory()
      return previewRules(session.history, rules, {
        now: Date.now(),
        watchlist: watchlist.snapshot(),
        minutesOfDay: localMinutesOfDay,
        dayOf: localDay,
        describeAddress: (pubkey) => core.describeAddress(pubkey),
      })
    },
    // --- snooze and privacy (issue 26, item 2) ---------------------------------
    snoozeNotifications: async (input) => core.snoozes.snooze(input),
    endSnooze: async (target) => core.snoozes.end(target),
    listSnoozes: async () => core.snoozes.list(),
    setNotificationPrivacy: (privacy) => core.updateSettings({ notifications: { privacy } }),
  }
}
