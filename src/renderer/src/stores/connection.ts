import { computed, onScopeDispose, ref, shallowRef } from 'vue'
import { defineStore } from 'pinia'
import type { ConnectionState, ErrorInfo } from '@shared/domain'
import { getBridge } from '@renderer/bridge'
import { toErrorInfo } from '@shared/errors'

/** Waits before asking the bridge again while it cannot be reached; the last one repeats. */
export const CONNECTION_RETRY_DELAYS_MS = [1_000, 2_000, 5_000, 10_000] as const
/**
 * How often the state is asked for even without events. Pushed events stop
 * silently when the bridge itself goes away; asking is how that shows.
 */
export const CONNECTION_POLL_MS = 10_000
const MAX_PROBLEMS = 5

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
  const problems = shallowRef<ErrorInfo[]>([])

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
      scheduleRetry()
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

  function dismissProblem(index: number): void {
    problems.value = problems.value.filter((_, i) => i !== index)
  }

  const stopConnectionEvents = bridge.on('connection', (next) => {
    eventsSeen++
    apply(next)
  })
  const stopProblemEvents = bridge.on('problem', (info) => {
    problems.value = [info, ...problems.value].slice(0, MAX_PROBLEMS)
  })

  onScopeDispose(() => {
    stopConnectionEvents()
    stopProblemEvents()
    cancelRetry()
    if (pollTimer) clearInterval(pollTimer)
  })

  const demo = computed(() => state.value?.indexer.demo ?? false)
  const indexerUrl = computed(() => state.value?.indexer.httpUrl ?? '')
  const socketState = computed(() => (error.value ? 'unreachable' : (state.value?.socket.state ?? 'connecting')))
  const httpState = computed(() => state.value?.http.state ?? 'unknown')
  const isLive = computed(() => !error.value && socketState.value === 'live' && httpState.value !== 'unreachable')

  const socketLabel = computed(() => {
    if (error.value) return 'ProofWatch unreachable'
    if (!state.value) return 'Connecting'
    return SOCKET_LABELS[state.value.socket.state] ?? state.value.socket.state
  })
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
    demo,
    indexerUrl,
    socketState,
    httpState,
    isLive,
    socketLabel,
    httpLabel,
    reason,
    tone,
    start,
    refresh,
    dismissProblem,
  }
})
