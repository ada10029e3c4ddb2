import { computed, onScopeDispose, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { ConnectionState, ErrorInfo, PushKind } from '@shared/domain'
import { allPushed, followingOf } from '@renderer/model/following'
import { getBridge } from '@renderer/bridge'
import { isAccessRefused } from '@renderer/bridge/access-refused'
import { toErrorInfo } from '@shared/errors'
import { problemKey } from '@renderer/model/problem-text'

/** Waits before asking the bridge again while it cannot be reached; the last one repeats. */
export const CONNECTION_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const
/**
 * How often the state is asked for even without events. Pushed events stop
 * silently when the bridge itself goes away; asking is how that shows.
 */
export const CONNECTION_POLL_MS = 10_000
const MAX_PROBLEMS = 5
/** A dismissed problem that comes back after this long is shown again. */
export const PROBLEM_DISMISS_MS = 60_000

/** A dismissed problem, listed in the connection panel; `holdsSince`: while its dismissal still hides a recurrence. */
export interface DismissedProblem extends ProblemEntry {
  holdsSince: number | null
}

/** Identical problems (same code and message, whatever times it names) collapse into one of these. */
export interface ProblemEntry {
  /** Code and message without its times: what makes two problems the same. */
  key: string
  /** The latest occurrence. */
  info: ErrorInfo
  count: number
  /** Epoch ms of the latest occurrence. */
  lastAt: number
}

export type ConnectionTone = 'ok' | 'busy' | 'bad'

const SOCKET_LABELS: Record<string, string> = {
  connecting: 'Connecting',
  live: 'Live',
  'backing-off': 'Reconnecting',
  offline: 'Offline',
  stopped: 'Stopped',
}

const HTTP_LABELS: Record<string, string> = {
  unknown: 'HTTP not checked yet',
  ok: 'HTTP ok',
  unreachable: 'HTTP unreachable',
  error: 'HTTP error',
}

function indexerKey(state: ConnectionState): string {
  return JSON.stringify([state.indexer.demo, state.indexer.httpUrl, state.indexer.wsUrl])
}

/**
 * The connection to the indexer as main sees it, plus two signals other
 * stores follow: `recoveries` (the indexer came back after being
 * unreachable) and `indexerChanges` (another indexer was configured).
 */
export const useConnectionStore = defineStore('connection', () => {
  const bridge = getBridge()
  const state = shallowRef<ConnectionState | null>(null)
  /** Set when the bridge itself failed to answer. */
  const error = shallowRef<ErrorInfo | null>(null)
  const loading = ref(false)
  const recoveries = ref(0)
  const indexerChanges = ref(0)
  const problems = shallowRef<ProblemEntry[]>([])
  /** What was dismissed, newest first: the connection panel can show it again. */
  const dismissed = shallowRef<DismissedProblem[]>([])

  let started = false
  let wasDown = false
  let eventsSeen = 0
  let retryAttempt = 0
  let retryTimer: ReturnType<typeof setTimeout> | null = null
  let pollTimer: ReturnType<typeof setInterval> | null = null

  function cancelRetry(): void {
    if (retryTimer) clearTimeout(retryTimer)
    retryTimer = null
  }

  function apply(next: ConnectionState): void {
    const previous = state.value
    state.value = next
    error.value = null
    retryAttempt = 0
    cancelRetry()
    if (previous && indexerKey(previous) !== indexerKey(next)) indexerChanges.value++
    if (next.http.state === 'unreachable') {
      wasDown = true
    } else if (next.http.state === 'ok' && wasDown) {
      wasDown = false
      recoveries.value++
    }
  }

  function scheduleRetry(): void {
    cancelRetry()
    const delay = CONNECTION_RETRY_DELAYS_MS[Math.min(retryAttempt, CONNECTION_RETRY_DELAYS_MS.length - 1)]
    retryAttempt++
    retryTimer = setTimeout(() => {
      retryTimer = null
      void refresh()
    }, delay)
  }

  async function refresh(): Promise<void> {
    const eventsBefore = eventsSeen
    loading.value = true
    try {
      const next = await bridge.getConnection()
      // A pushed state that arrived meanwhile is newer than this answer.
      if (eventsSeen === eventsBefore) apply(next)
    } catch (caught) {
      error.value = toErrorInfo(caught)
      wasDown = true
      // A refused page stays refused: only opening the right URL helps.
      if (!isAccessRefused(error.value)) scheduleRetry()
    } finally {
      loading.value = false
    }
  }

  /** Starts following the connection; later calls do nothing. */
  function start(): Promise<void> {
    if (started) return Promise.resolve()
    started = true
    pollTimer = setInterval(() => {
      if (!retryTimer && !loading.value) void refresh()
    }, CONNECTION_POLL_MS)
    return refresh()
  }

  /**
   * Newest first, identical ones counted in one entry. A dismissed problem
   * stays hidden until a different one arrives or it recurs after
   * PROBLEM_DISMISS_MS, so a repeating failure does not nag.
   */
  function addProblem(info: ErrorInfo): void {
    const key = problemKey(info)
    const now = Date.now()
    // A different problem ends the other dismissals' hold; they stay listed.
    dismissed.value = dismissed.value.map((entry) => (entry.key === key || entry.holdsSince === null ? entry : { ...entry, holdsSince: null }))
    const held = dismissed.value.find((entry) => entry.key === key)
    if (held && held.holdsSince !== null && now - held.holdsSince < PROBLEM_DISMISS_MS) {
      // Still counted, so that showing it again says how often it happened meanwhile.
      dismissed.value = dismissed.value.map((entry) => (entry === held ? { ...entry, info, count: entry.count + 1, lastAt: now } : entry))
      return
    }
    // Back after its dismissal ran out: a banner of its own again, counted afresh, and no longer listed as dismissed.
    const existing = problems.value.find((entry) => entry.key === key)
    dismissed.value = dismissed.value.filter((entry) => entry.key !== key)
    const others = problems.value.filter((entry) => entry.key !== key)
    const entry: ProblemEntry = { key, info, count: (existing?.count ?? 0) + 1, lastAt: now }
    problems.value = [entry, ...others].slice(0, MAX_PROBLEMS)
  }

  function dismissProblem(key: string): void {
    const entry = problems.value.find((candidate) => candidate.key === key)
    if (!entry) return
    problems.value = problems.value.filter((candidate) => candidate.key !== key)
    dismissed.value = [{ ...entry, holdsSince: Date.now() }, ...dismissed.value.filter((candidate) => candidate.key !== key)].slice(0, MAX_PROBLEMS)
  }

  /** A dismissed banner shown again, as it was (with what recurred meanwhile). */
  function reopenProblem(key: string): void {
    const held = dismissed.value.find((candidate) => candidate.key === key)
    if (!held) return
    const { holdsSince: _holdsSince, ...entry } = held
    dismissed.value = dismissed.value.filter((candidate) => candidate.key !== key)
    problems.value = [entry, ...problems.value.filter((candidate) => candidate.key !== key)].slice(0, MAX_PROBLEMS)
  }

  const stopConnectionEvents = bridge.on('connection', (next) => {
    eventsSeen++
    apply(next)
  })
  const stopProblemEvents = bridge.on('problem', addProblem)

  onScopeDispose(() => {
    stopConnectionEvents()
    stopProblemEvents()
    cancelRetry()
    if (pollTimer) clearInterval(pollTimer)
  })

  const demo = computed(() => state.value?.indexer.demo ?? false)
  const indexerUrl = computed(() => state.value?.indexer.httpUrl ?? '')
  /** Serve mode refused this page (no token, or one from an earlier start). */
  const accessRefused = computed(() => error.value !== null && isAccessRefused(error.value))
  const socketState = computed(() => {
    if (accessRefused.value) return 'refused'
    return error.value ? 'unreachable' : (state.value?.socket.state ?? 'connecting')
  })
  const httpState = computed(() => state.value?.http.state ?? 'unknown')
  const isLive = computed(() => !error.value && socketState.value === 'live' && httpState.value !== 'unreachable')
  /** What is on screen may be old: nothing new is coming in, or the indexer is failing. */
  const dataStale = computed(
    () => socketState.value !== 'live' || httpState.value === 'unreachable' || httpState.value === 'error',
  )

  const socketLabel = computed(() => {
    if (accessRefused.value) return 'Access refused'
    if (error.value) return 'ProofWatch unreachable'
    if (!state.value) return 'Connecting'
    // "Live" only when the indexer pushes everything followed; the connection panel says what is checked instead.
    if (state.value.socket.state === 'live' && !allPushed(state.value)) {
      return state.value.following?.some((entry) => entry.how === 'failing') ? 'Connected · some checks failing' : 'Connected · partly polled'
    }
    return SOCKET_LABELS[state.value.socket.state] ?? state.value.socket.state
  })

  /** How often a kind is checked over HTTP because the indexer does not push it; null when pushed (or unknown). */
  function polledEveryMs(kind: PushKind): number | null {
    const entry = followingOf(state.value, kind)
    return entry && entry.how !== 'pushed' ? entry.intervalMs : null
  }
  /** Null while the bridge is gone: the last known HTTP state would be stale. */
  const httpLabel = computed(() => (error.value ? null : (HTTP_LABELS[httpState.value] ?? httpState.value)))

  /** Why the connection is not live, in the words of whoever knows. */
  const reason = computed(() => {
    if (error.value) return error.value.message
    if (!state.value || isLive.value) return null
    return state.value.socket.reason ?? state.value.http.lastError?.message ?? null
  })

  const tone = computed<ConnectionTone>(() => {
    if (isLive.value && httpState.value !== 'error') return 'ok'
    if (error.value || socketState.value === 'offline' || socketState.value === 'stopped') return 'bad'
    if (httpState.value === 'unreachable' || httpState.value === 'error') return 'bad'
    return 'busy'
  })

  return {
    state,
    error,
    loading,
    recoveries,
    indexerChanges,
    problems,
    dismissed,
    demo,
    indexerUrl,
    accessRefused,
    socketState,
    httpState,
    isLive,
    dataStale,
    socketLabel,
    httpLabel,
    reason,
    tone,
    polledEveryMs,
    start,
    refresh,
    /** Main drops the socket's backoff and connects now. */
    reconnectNow: () => bridge.reconnectNow(),
    dismissProblem,
    reopenProblem,
  }
})
