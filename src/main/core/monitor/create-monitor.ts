/**
 * Builds a monitor: the parts it is made of (event batcher, indexer switch,
 * notification centre, sign-in, account, decision path, health alerts,
 * watchlist) and the wires between them, and the session each indexer gets.
 * Callbacks reach the monitor once it exists; none runs before it does.
 */
import type { BridgeEvent } from '@shared/bridge'
import type { ErrorInfo, Overview } from '@shared/domain'
import { KnownSecrets } from '../config/known-secrets'
import { EventBatcher } from '../bridge/event-batcher'
import { createParameterMemory } from '../indexer/negotiation'
import { keptPushMemory } from '../session/kept-push-memory'
import { IndexerSession, type SessionDeps } from '../session/indexer-session'
import type { IndexerTarget } from '../session/indexer-target'
import { NotificationCentre } from '../notify/notification-centre'
import { healthEntry } from '../notify/health-entries'
import { HealthWatch } from '../notify/health-watch'
import { Notifier } from '../notify/notifier'
import { systemClock } from '../notify/timers'
import { Snoozes } from '../notify/snoozes'
import { longestFirst, privateText, watchlistWords } from '@shared/notification-privacy'
import { silentLogger } from '../log/log'
import { memorySecretStorage } from '../config/secrets'
import { WatchlistModel } from '../watchlist/watchlist-model'
import { refusedChannelOf } from '../live/frame-errors'
import { SignInService } from '../sign-in/sign-in-service'
import { AccountSecurity } from '../sign-in/account-security'
import { sessionSecrets } from '../sign-in/stored-session'
import { SettingsSnapshot } from '../config/settings-snapshot'
import { IndexerSwitch } from './indexer-switch'
import { IndexerMonitor } from './indexer-monitor'
import { createBridgeApi } from './bridge-api'
import type { Monitor, MonitorDeps, MonitorOptions } from './monitor'

export function createMonitor(options: MonitorOptions, deps: MonitorDeps = {}): Monitor {
  const settings = new SettingsSnapshot(options.settings)
  const secrets = options.secrets ?? memorySecretStorage()
  const knownSecrets = options.knownSecrets ?? new KnownSecrets()
  knownSecrets.watch(secrets)
  knownSecrets.addCredential(options.launch?.credential)
  // Whatever log it is handed, nothing the core logs carries a credential it holds.
  const log = knownSecrets.logger(options.log ?? silentLogger)
  const listeners = new Set<(batch: BridgeEvent[]) => void>()
  // An indexer may echo a credential in any record or error: what leaves for a page never carries one.
  const batcher = new EventBatcher((batch) => {
    const shown = knownSecrets.redactValue(batch)
    listeners.forEach((l) => l(shown))
  })
  // eslint-disable-next-line prefer-const -- the parts below are built before it, their callbacks run after
  let core: IndexerMonitor
  const openSession = sessionOpener(() => core, deps)
  const indexer = new IndexerSwitch({
    settings,
    secrets,
    launch: () => core.launchOptions,
    demo: options.demo ?? null,
    demoKeypairPath: options.demoKeypairPath ?? null,
    log,
    open: openSession,
    opened: (session) => core.sessionOpened(session),
    closed: () => centre.attach(null),
  })
  const centre = new NotificationCentre({
    push: (event, payload) => {
      if (event !== 'notificationsRead') return batcher.push(event, payload)
      // In a batch of its own: entries pushed before it are on the page before it marks them, later ones after.
      batcher.flush()
      batcher.push(event, payload)
      batcher.flush()
    },
    flushHistory: () => core.flushHistory(),
    log,
    describeAddress: (pubkey) => core.describeAddress(pubkey),
    followsAddress: (pubkey) => watchlist.isWatched(pubkey),
    ...(deps.notify ? { entries: deps.notify } : {}),
  })
  const signIn = new SignInService({
    // A session that cannot be written is told, never thrown (stored-session.ts).
    secrets: sessionSecrets(secrets, (problem) => {
      log.warn(problem.message)
      batcher.push('problem', problem)
    }),
    log,
    target: () => {
      const target = core.session?.target
      return target ? { httpUrl: target.httpUrl, demo: target.demo, wallet: target.wallet, pastedCredential: target.pastedCredential } : null
    },
    onChange: (state) => batcher.push('auth', state),
    onSession: (change) => core.sessionChanged(change.user?.pubkey ?? null),
    // Through the centre: kept, counted unread, and decided on for the one native notification.
    onSignedOut: (notice) => centre.notifications([notice]),
    pageRoot: options.signInPageRoot ?? null,
    openBrowser: (url) => core.hooks.openBrowser(url),
    ...deps.signIn,
  })
  const account = new AccountSecurity({
    secrets,
    log,
    target: () => (core.session ? { httpUrl: core.session.target.httpUrl } : null),
    onNewSignIn: (notice) => centre.notifications([notice]),
    ...deps.account,
  })
  const snoozes = new Snoozes({
    clock: deps.clock ?? systemClock,
    store: {
      read: () => settings.read().snoozes,
      write: (list) => settings.write({ ...settings.read(), snoozes: list }),
    },
    onChange: (list) => batcher.push('snoozes', list),
  })
  const privacyWords = (): string[] => longestFirst([...watchlistWords(watchlist.snapshot()), ...core.namesTold()])
  const notifier = new Notifier({
    rules: () => settings.current().notifications,
    // The one point every pop-up passes before a screen shows it (desktop natives, a tab's Notification API, toasts).
    show: (notice) => {
      const privacy = settings.current().notifications.privacy
      batcher.push('notice', [privateText(notice, privacy, privacy === 'noAddresses' ? privacyWords() : [])])
    },
    snoozed: (candidate) => snoozes.covers(candidate),
    describeAddress: (pubkey) => core.describeAddress(pubkey),
    ...(deps.clock ? { clock: deps.clock } : {}),
  })
  centre.onCandidates((candidates) => notifier.consider(candidates))
  const health = new HealthWatch({
    clock: deps.clock ?? systemClock,
    rules: () => settings.current().notifications.health,
    raise: (alert) => {
      const { entry, candidate } = healthEntry(alert)
      centre.record([entry], [candidate])
    },
  })
  const watchlist = new WatchlistModel({
    store: {
      read: () => settings.read().watchlist ?? undefined,
      write: (list) => settings.write({ ...settings.read(), watchlist: list }),
    },
    log,
    onProblem: (problem) => batcher.push('problem', problem),
  })
  const unsubscribers = [
    watchlist.onChange((list, change) => {
      batcher.push('watchlist', list)
      notifier.setWatchlist(list)
      core.updateRetentionPolicy()
      core.followWatchlist(change)
    }),
  ]
  core = new IndexerMonitor(
    { log, secrets, knownSecrets, settings, listeners, batcher, indexer, centre, signIn, account, notifier, snoozes, health, watchlist, unsubscribers },
    options,
    deps,
  )
  return {
    ...createBridgeApi(core, options.appInfo),
    start: () => core.start(),
    stop: () => core.stop(),
    liveStatus: () => core.session?.liveStatus() ?? null,
    onEvents: (listener) => core.onEvents(listener),
    setOnline: (online) => core.setOnline(online),
    suspend: () => core.suspend(),
    resume: () => core.resume(),
    setActivity: (activity) => core.setActivity(activity),
    emit: (event, payload) => core.emit(event, payload),
    setExportDestination: (destination) => core.hooks.setExportDestination(destination),
    setExternalOpener: (open) => core.hooks.setExternalOpener(open),
    setSignInHooks: (hooks) => core.hooks.setSignInHooks(hooks),
    knownSecrets,
    privacyWords,
  }
}

/**
 * A session on each target whose events reach the page and the notification
 * centre; its credential is redacted while it is the current one (a removed
 * profile's credential is not redacted for the rest of the run).
 */
function sessionOpener(monitor: () => IndexerMonitor, deps: MonitorDeps): (target: IndexerTarget) => IndexerSession {
  /** What each indexer accepted (e.g. metric names), kept across reconnects and switches. */
  const memory = createParameterMemory()
  // Kept in the cache: a restart follows each indexer as it learned to, until the verdict is a day old.
  const pushMemory = keptPushMemory(() => monitor().requireHistory())
  let releaseSessionSecret: () => void = () => {}
  return (target) => {
    const core = monitor()
    const sessionDeps: SessionDeps = {
      onUnauthorized: (problem) => core.signIn.noteRefused(problem),
      history: core.requireHistory(),
      watchlist: core.watchlist,
      memory,
      pushMemory,
      log: core.log,
      push: (event, payload) => {
        if (event === 'overview') {
          const overview = payload as Overview
          core.health.noteOverview(overview.status, overview.slot)
        }
        // A user channel refused after a sign-in is the end of that session: the sign-in banner says it once, not each channel.
        if (event === 'problem' && target.signedIn && refusedChannelOf(payload as ErrorInfo)?.startsWith('user:')) return
        core.batcher.push(event, payload)
      },
      centre: core.centre,
      onLiveStatus: () => core.pushConnection(),
      onHttpState: () => core.pushConnection(),
      onLiveCounters: () => core.healthMoved(),
      polling: core.settings.read().polling,
      describeAddress: (pubkey) => core.describeAddress(pubkey),
      live: deps.live,
      rereads: deps.rereads,
      keepWatchlistInStep: () => core.settings.read().syncWatchlistWithAccount === true,
    }
    releaseSessionSecret()
    releaseSessionSecret = core.knownSecrets.borrowCredential(target.credential)
    return new IndexerSession(target, sessionDeps)
  }
}
