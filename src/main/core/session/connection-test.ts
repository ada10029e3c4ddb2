import type WebSocket from 'ws'
import type { ConnectionCheck, ConnectionReport, ProfileInput } from '@shared/settings'
import { toErrorInfo } from '@shared/errors'
import { credentialHeaders, parseCredential, tryParseCredential, type Credential } from '../config/credentials'
import type { SecretStorage } from '../config/secrets'
import { checkProfile, deriveWsUrl, type SavedSettings } from '../config/settings'
import { IndexerClient } from '../indexer/client'
import { decodeServerFrame, type ServerFrame } from '../indexer/decode'
import { loadWebSocketClient } from '../live/feed-connection'

export interface ConnectionTestTarget {
  httpUrl: string
  wsUrl: string
  /** Credential headers for HTTP and the socket upgrade. */
  headers: Record<string, string>
  /** Whether a credential was given: then the user channels are tried too. */
  withCredential: boolean
}

const CHECK_TIMEOUT_MS = 5_000

/**
 * Tries every endpoint and the socket of an indexer without switching to it,
 * so Settings can say what works before the user saves. Never throws: each
 * failure is a check with the reason.
 */
export async function testIndexerConnection(target: ConnectionTestTarget, timeoutMs = CHECK_TIMEOUT_MS): Promise<ConnectionReport> {
  const client = new IndexerClient({ baseUrl: target.httpUrl, retries: 0, timeoutMs, headers: () => target.headers })
  const checks: ConnectionCheck[] = []
  const run = async <T>(name: string, attempt: () => Promise<T>, describe: (value: T) => string): Promise<T | null> => {
    const started = performance.now()
    try {
      const value = await attempt()
      checks.push({ name, ok: true, ms: Math.round(performance.now() - started), detail: describe(value) })
      return value
    } catch (error) {
      const info = toErrorInfo(error)
      checks.push({ name, ok: false, ms: null, detail: info.message })
      return null
    }
  }

  await run('GET /api/stats/overview', () => client.overview(), (o) => (o.slot ? `slot ${o.slot}` : 'answered'))
  await run('GET /api/stats/timeseries', () => client.series({ metric: 'proofs', period: '24h' }), (s) => `${s.points.length} points (metric ${s.serverMetric})`)
  await run('GET /api/stats/leaderboard', () => client.leaderboard({}), (l) => `${l.length} entries`)
  const proofs = await run('GET /api/proofs', () => client.proofs({ limit: 1 }), (p) => `${p.total ?? p.items.length} proofs`)
  const firstProof = proofs?.items[0]
  if (firstProof) await run('GET /api/proofs/{account}', () => client.proof(firstProof.proofAccount), () => 'answered')
  const transactions = await run('GET /api/transactions', () => client.transactions({ limit: 1 }), (p) => `${p.total ?? p.items.length} transactions`)
  const firstTransaction = transactions?.items[0]
  if (firstTransaction) await run('GET /api/transactions/{signature}', () => client.transaction(firstTransaction.signature), () => 'answered')

  const channels = target.withCredential ? ['stats', 'user:notifications'] : ['stats']
  const started = performance.now()
  const socket = await trySocket(target.wsUrl, target.headers, channels, timeoutMs)
  const ms = Math.round(performance.now() - started)
  checks.push({ name: 'WebSocket /ws', ok: socket.opened, ms: socket.opened ? ms : null, detail: socket.detail })
  if (socket.opened) {
    for (const channel of channels) {
      const outcome = socket.channels.get(channel)
      const name = channel === 'stats' ? 'subscribe stats' : 'user channels (credential)'
      checks.push({ name, ok: outcome === 'subscribed', ms: null, detail: outcome ?? 'no answer' })
    }
  }
  return { httpUrl: target.httpUrl, wsUrl: target.wsUrl, checks }
}

interface SocketOutcome {
  opened: boolean
  detail: string
  /** `subscribed`, or the server's error text. */
  channels: Map<string, string>
}

async function trySocket(url: string, headers: Record<string, string>, channels: string[], timeoutMs: number): Promise<SocketOutcome> {
  let WebSocketClient: typeof WebSocket
  try {
    WebSocketClient = await loadWebSocketClient()
  } catch (error) {
    return { opened: false, detail: `cannot load the WebSocket client: ${toErrorInfo(error).message}`, channels: new Map() }
  }
  return new Promise((resolve) => {
    const outcome: SocketOutcome = { opened: false, detail: '', channels: new Map() }
    let socket: WebSocket
    const finish = (detail: string) => {
      clearTimeout(timer)
      outcome.detail ||= detail
      socket.removeAllListeners()
      socket.on('error', () => {})
      socket.terminate()
      resolve(outcome)
    }
    const timer = setTimeout(() => finish(outcome.opened ? 'connected' : `no answer within ${timeoutMs} ms`), timeoutMs)
    try {
      socket = new WebSocketClient(url, { headers, handshakeTimeout: timeoutMs })
    } catch (error) {
      clearTimeout(timer)
      resolve({ ...outcome, detail: toErrorInfo(error).message })
      return
    }
    let pending = [...channels]
    const subscribe = () => {
      for (const channel of channels) socket.send(JSON.stringify({ type: 'subscribe', channel }))
    }
    // Servers that send no welcome get the subscribes after a short wait.
    let welcomeTimer: ReturnType<typeof setTimeout> | null = null
    socket.on('open', () => {
      outcome.opened = true
      welcomeTimer = setTimeout(subscribe, Math.min(1_000, timeoutMs / 4))
    })
    socket.on('unexpected-response', (_request, response) => finish(`upgrade refused: HTTP ${response.statusCode}`))
    socket.on('error', (error) => finish(error.message))
    socket.on('close', (code) => finish(`closed by the server (${code})`))
    socket.on('message', (data) => {
      // The live feed's decoder: the test reads the same message variants the app does.
      let frame: ServerFrame
      try {
        frame = decodeServerFrame(String(data))
      } catch {
        return
      }
      if (frame.kind === 'welcome' && welcomeTimer) {
        clearTimeout(welcomeTimer)
        welcomeTimer = null
        subscribe()
      } else if (frame.kind === 'subscribed') {
        outcome.channels.set(frame.channel, 'subscribed')
        pending = pending.filter((c) => c !== frame.channel)
      } else if (frame.kind === 'error') {
        // The reference names no channel in its errors: the one the frame or its text names, else the first pending.
        const message = frame.message
        const named = (frame.channel !== null && pending.includes(frame.channel) ? frame.channel : undefined) ?? pending.find((c) => message.includes(c)) ?? pending[0]
        if (named) {
          outcome.channels.set(named, `refused: ${message}`)
          pending = pending.filter((c) => c !== named)
        }
      }
      if (pending.length === 0) finish('connected')
    })
  })
}

export interface ProfileTestContext {
  saved: SavedSettings
  secrets: SecretStorage
  /** Told of a typed credential, so it is redacted wherever it shows while the test runs; the returned function forgets it. */
  learnCredential(credential: Credential | null): () => void
  /** The report as a page may see it, redacted while the typed credential is still known. */
  shown?<T>(report: T): T
}

/**
 * Settings' "Test connection" for a profile as typed: with the typed
 * credential, else the saved one, which goes only to the indexer it was
 * saved for (a test of another URL must not hand it over; the report says so).
 */
export async function testProfileConnection(profile: ProfileInput, context: ProfileTestContext): Promise<ConnectionReport> {
  const checked = checkProfile(profile, profile.id ?? 'test')
  const wsUrl = checked.wsUrl ?? deriveWsUrl(checked.httpUrl)
  const typed = profile.credential?.trim()
  const credential: Credential | null = typed ? parseCredential(typed) : null
  const forget = context.learnCredential(credential)
  try {
    const report = await testWith(profile, checked, wsUrl, typed, credential, context)
    // Redacted before the typed secret is forgotten: an indexer that echoes it must not put it on the page.
    return context.shown ? context.shown(report) : report
  } finally {
    // A secret typed only to test is not the app's to keep: once the report is out, it is forgotten.
    forget()
  }
}

async function testWith(
  profile: ProfileInput,
  checked: ReturnType<typeof checkProfile>,
  wsUrl: string,
  typed: string | undefined,
  typedCredential: Credential | null,
  context: ProfileTestContext,
): Promise<ConnectionReport> {
  let credential = typedCredential
  let withheld: string | null = null
  if (!typed && profile.id) {
    const stored = tryParseCredential(context.secrets.get(profile.id))
    const saved = context.saved.profiles.find((p) => p.id === profile.id)
    if (stored && saved && sameOrigin(saved.httpUrl, checked.httpUrl) && sameOrigin(saved.wsUrl ?? deriveWsUrl(saved.httpUrl), wsUrl)) {
      credential = stored
    } else if (stored) {
      withheld = `The saved credential was not sent: it belongs to ${saved ? originOf(saved.httpUrl) : 'another profile'}, not ${originOf(checked.httpUrl)}. Type it again to test this indexer with it.`
    }
  }
  const report = await testIndexerConnection({
    httpUrl: checked.httpUrl,
    wsUrl,
    headers: credentialHeaders(credential),
    withCredential: credential !== null,
  })
  return withheld ? { ...report, checks: [{ name: 'saved credential', ok: false, ms: null, detail: withheld }, ...report.checks] } : report
}

function originOf(url: string): string {
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

function sameOrigin(a: string, b: string): boolean {
  return originOf(a) === originOf(b)
}
