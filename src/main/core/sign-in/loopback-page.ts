/**
 * The one-time sign-in page for browser wallets, served by main on
 * 127.0.0.1 (the loopback flow of `gh auth login`, with a wallet instead of
 * a password): a random path and a state token, valid 5 minutes, used once,
 * a strict CSP, only the page's own bundled code, posts accepted only from
 * the page's own origin, and a signature accepted only from the key the
 * message names. The page never sees the session cookie: main keeps it.
 */
import { readFileSync } from 'node:fs'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { SignedInUser } from '@shared/auth'
import { toErrorInfo } from '@shared/errors'
import { decodeBase58, encodeBase58, verifySignature } from './ed25519'
import { nodeCrypto, nodeHttp } from '../../runtime/builtins-on-first-use'

export const SIGN_IN_PAGE_LIFETIME_MS = 5 * 60_000
const LOOPBACK = '127.0.0.1'
const MAX_BODY_BYTES = 8 * 1024
export const SIGN_IN_PAGE_FILE = 'sign-in.html'

/** Nothing but the page's own script, styles and the wallets' data: icons; no framing, no forms elsewhere. */
export const SIGN_IN_PAGE_CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
}

export interface LoopbackSignInOptions {
  /** The folder holding the built sign-in.html and its assets. */
  pageRoot: string
  /** The message to sign for this key (main asks the indexer for a nonce and checks it), with the domain it signs in to. */
  challenge(pubkey: string): Promise<PageChallenge>
  /** Sends the signed message to the indexer and keeps the session; answers who signed in. */
  complete(input: { pubkey: string; message: string; signature: string }): Promise<SignedInUser>
  lifetimeMs?: number
  now?: () => number
}

/** What the page shows before the wallet signs: the exact message, its domain, and the domain confirmed before when it differs. */
export interface PageChallenge {
  message: string
  domain: string
  previousDomain: string | null
}

export type LoopbackOutcome = { status: 'signed-in'; user: SignedInUser } | { status: 'expired' } | { status: 'cancelled' }

export interface LoopbackSignIn {
  /** Open this in a browser: `http://127.0.0.1:<port>/<random path>/?state=<token>`. */
  readonly url: string
  readonly expiresAt: number
  /** Settles once: signed in, expired, or cancelled (closed). */
  readonly outcome: Promise<LoopbackOutcome>
  close(): Promise<void>
}

function randomToken(): string {
  return nodeCrypto().randomBytes(32).toString('base64url')
}

function sameToken(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && nodeCrypto().timingSafeEqual(a, b)
}

/** The page's own files: sign-in.html and what it references under assets/ (read once, at start). */
function loadPage(root: string): { html: Buffer; assets: Map<string, { body: Buffer; type: string }> } {
  const html = readFileSync(join(root, SIGN_IN_PAGE_FILE))
  const assets = new Map<string, { body: Buffer; type: string }>()
  for (const match of html.toString('utf8').matchAll(/(?:src|href)="\.?\/?(assets\/[A-Za-z0-9._-]+)"/g)) {
    const name = match[1] as string
    const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.'))]
    if (type !== undefined) assets.set(name, { body: readFileSync(join(root, name)), type })
  }
  return { html, assets }
}

export async function openLoopbackSignIn(options: LoopbackSignInOptions): Promise<LoopbackSignIn> {
  const page = loadPage(options.pageRoot)
  const now = options.now ?? Date.now
  const path = `/${randomToken()}/`
  const state = randomToken()
  const expiresAt = now() + (options.lifetimeMs ?? SIGN_IN_PAGE_LIFETIME_MS)
  let used = false
  let pending: { pubkey: string; message: string } | null = null
  let busy = false
  let settle: (outcome: LoopbackOutcome) => void = () => undefined
  const outcome = new Promise<LoopbackOutcome>((resolve) => (settle = resolve))
  let origin = ''

  const server: Server = nodeHttp().createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) reply(response, 500, { error: toErrorInfo(error).message })
    })
  })
  server.on('clientError', (_error, socket) => socket.destroy())

  function reply(response: ServerResponse, status: number, body: unknown): void {
    const text = JSON.stringify(body)
    response.writeHead(status, {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': SIGN_IN_PAGE_CSP,
    })
    response.end(text)
  }

  function text(response: ServerResponse, status: number, message: string): void {
    response.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': SIGN_IN_PAGE_CSP,
    })
    response.end(message)
  }

  /** Why this page can no longer be used, or null while it can. */
  function ended(): string | null {
    if (used) return 'This sign-in link was already used. Start a new sign-in from ProofWatch.'
    if (now() >= expiresAt) return 'This sign-in link has expired (it lasts 5 minutes). Start a new sign-in from ProofWatch.'
    return null
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    // A page of another site that resolves its own name to 127.0.0.1 names that name as the Host: refused.
    if (request.headers.host !== new URL(origin).host) return text(response, 421, 'Wrong host')
    const url = new URL(request.url ?? '/', origin)
    if (!url.pathname.startsWith(path)) return text(response, 404, 'Not found')
    const rest = url.pathname.slice(path.length)

    if (request.method === 'GET') {
      if (rest === '') {
        if (!sameToken(url.searchParams.get('state'), state)) return text(response, 403, 'This sign-in link is not valid. Start a new sign-in from ProofWatch.')
        const why = ended()
        if (why !== null) return text(response, 410, why)
        response.writeHead(200, {
          'content-type': 'text/html; charset=utf-8',
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'referrer-policy': 'no-referrer',
          'content-security-policy': SIGN_IN_PAGE_CSP,
        })
        response.end(page.html)
        return
      }
      const asset = page.assets.get(rest)
      if (asset === undefined) return text(response, 404, 'Not found')
      response.writeHead(200, { 'content-type': asset.type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' })
      response.end(asset.body)
      return
    }

    if (request.method !== 'POST' || (rest !== 'challenge' && rest !== 'complete')) return text(response, 405, 'Not allowed')
    // Only the page itself may post: browsers always send Origin on a cross-site or same-site POST.
    if (request.headers.origin !== origin) return reply(response, 403, { error: 'Refused: this request does not come from the sign-in page.' })
    const body = await readJson(request)
    if (body === null) return reply(response, 400, { error: 'The sign-in page sent a malformed request.' })
    if (!sameToken(body.state, state)) return reply(response, 403, { error: 'This sign-in link is not valid. Start a new sign-in from ProofWatch.' })
    const why = ended()
    if (why !== null) return reply(response, 410, { error: why })
    if (busy) return reply(response, 409, { error: 'A sign-in step is already under way.' })
    busy = true
    try {
      if (rest === 'challenge') {
        const pubkey = body.pubkey
        if (typeof pubkey !== 'string' || decodeBase58(pubkey, 32) === null) return reply(response, 400, { error: 'The wallet gave an account that is not a Solana public key.' })
        try {
          const challenge = await options.challenge(pubkey)
          pending = { pubkey, message: challenge.message }
          return reply(response, 200, challenge)
        } catch (error) {
          return reply(response, 502, { error: toErrorInfo(error).message })
        }
      }
      if (pending === null) return reply(response, 409, { error: 'Connect a wallet first.' })
      if (body.pubkey !== pending.pubkey) {
        return reply(response, 400, { error: `The signature comes from another account than ${pending.pubkey}, the one this message was made for. Sign with that account, or connect again.` })
      }
      const signature = typeof body.signature === 'string' ? Buffer.from(body.signature, 'base64') : Buffer.alloc(0)
      const key = decodeBase58(pending.pubkey, 32) as Uint8Array
      if (signature.length !== 64 || !verifySignature(key, pending.message, signature)) {
        return reply(response, 400, { error: `The signature is not ${pending.pubkey}'s signature of this message: the wallet signed with another key or changed the message. Connect again and sign with that account.` })
      }
      const signed = pending
      pending = null
      try {
        const user = await options.complete({ pubkey: signed.pubkey, message: signed.message, signature: encodeBase58(signature) })
        used = true
        settle({ status: 'signed-in', user })
        return reply(response, 200, { ok: true, user: { pubkey: user.pubkey, displayName: user.displayName } })
      } catch (error) {
        return reply(response, 401, { error: toErrorInfo(error).message })
      }
    } finally {
      busy = false
    }
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, LOOPBACK, () => {
      server.off('error', reject)
      resolve()
    })
  })
  origin = `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`
  const expiry = setTimeout(() => void close('expired'), Math.max(0, expiresAt - now()))
  expiry.unref?.()
  let closing: Promise<void> | undefined
  function close(reason: 'expired' | 'cancelled' = 'cancelled'): Promise<void> {
    closing ??= new Promise<void>((resolve) => {
      clearTimeout(expiry)
      settle({ status: reason })
      // Let the answer of a just-finished sign-in reach the page before the server goes.
      server.close(() => resolve())
      setTimeout(() => server.closeAllConnections(), 1000).unref?.()
    })
    return closing
  }
  void outcome.then((result) => {
    if (result.status === 'signed-in') void close()
  })
  return { url: `${origin}${path}?state=${state}`, expiresAt, outcome, close: () => close('cancelled') }
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of request) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) return null
    chunks.push(chunk as Buffer)
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
  } catch {
    return null
  }
}
