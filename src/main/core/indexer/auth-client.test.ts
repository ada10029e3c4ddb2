import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { AuthClient } from './auth-client'
import { loadAuthSample } from '@test/support/auth-samples'
import { sendJson, serverPerTest, type TestServer } from '@test/support/test-server'

const serve = serverPerTest()

/** Answers each request with the recorded sample of the same route, in order. */
async function replay(routes: Record<string, Array<{ status: number; body: unknown; headers?: Record<string, string> }>>): Promise<{ server: TestServer; bodies: string[] }> {
  const bodies: string[] = []
  const server = await serve((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    request.on('end', () => {
      bodies.push(text)
      const queue = routes[`${request.method} ${request.url}`]
      const next = queue?.shift()
      if (!next) return sendJson(response, 404, { ok: false, code: 'NOT_FOUND', error: 'Route not found' })
      sendJson(response, next.status, next.body, next.headers)
    })
  })
  return { server, bodies }
}

function sample(name: string) {
  const recorded = loadAuthSample(name)
  const headers: Record<string, string> = {}
  if (recorded.headers['set-cookie']) headers['set-cookie'] = recorded.headers['set-cookie'].replace(/=[^;]*/, '=token-1')
  return { status: recorded.status, body: recorded.body, headers }
}

async function failure(promise: Promise<unknown>): Promise<ProofWatchError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ProofWatchError)
    return error as ProofWatchError
  }
  throw new Error('expected a failure')
}

describe('AuthClient over real HTTP', () => {
  it('signs in, reads the session, refreshes it and signs out with the cookie', async () => {
    const { server, bodies } = await replay({
      'POST /api/auth/nonce': [sample('http-auth-nonce-second.json')],
      'POST /api/auth/verify': [sample('http-auth-verify.json')],
      'GET /api/auth/me': [sample('http-auth-me.json'), sample('http-auth-me-after-logout-401.json')],
      'POST /api/auth/refresh': [sample('http-auth-refresh.json')],
      'POST /api/auth/logout': [sample('http-auth-logout.json')],
    })
    const client = new AuthClient({ baseUrl: server.url })
    const challenge = await client.nonce('BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL')
    expect(JSON.parse(bodies[0] as string)).toEqual({ pubkey: 'BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL' })
    expect(challenge.nonce).toBe('CMdfYXx5gveHMZczBwaWgA')
    const verifyRequest = loadAuthSample('http-auth-verify.json').requestBody as { message: string; signature: string; pubkey: string }
    const session = await client.verify(verifyRequest)
    expect(JSON.parse(bodies[1] as string)).toEqual(verifyRequest)
    expect(server.requests[1]?.headers['content-type']).toBe('application/json')
    expect(session).toEqual({
      user: { pubkey: 'BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL', role: 'USER', displayName: 'ref_tester', email: 'tester@zkhelios.local' },
      cookie: { name: 'zkhelios_session', value: 'token-1' },
      expiresAt: Date.parse('2026-12-01T18:35:30.847Z'),
    })
    expect((await client.me('token-1')).displayName).toBe('ref_tester')
    expect(server.requests[2]?.headers.cookie).toBe('zkhelios_session=token-1')
    expect(await client.refresh('token-1')).toEqual({ expiresAt: Date.parse('2026-12-01T18:35:30.948Z'), cookieValue: 'token-1' })
    await client.logout('token-1')
    expect(server.requests[4]?.method).toBe('POST')
    const ended = await failure(client.me('token-1'))
    expect(ended).toMatchObject({ status: 401, serverCode: 'AUTH_SESSION_EXPIRED' })
    expect(ended.message).toContain('Sign in again')
  })

  it('says the indexer cleared the session cookie when verify answers Max-Age=0 or an empty value', async () => {
    const ok = sample('http-auth-verify.json')
    for (const cleared of ['zkhelios_session=token-1; Max-Age=0; Path=/', 'zkhelios_session=; Path=/', 'zkhelios_session=x; Expires=Thu, 01 Jan 1970 00:00:00 GMT']) {
      const { server } = await replay({ 'POST /api/auth/verify': [{ ...ok, headers: { 'set-cookie': cleared } }] })
      const error = await failure(new AuthClient({ baseUrl: server.url }).verify({ message: 'm', signature: 's', pubkey: 'p' }))
      expect(error.message).toBe('The indexer accepted the signature but cleared the zkhelios_session session cookie (Max-Age=0 or an empty value), so there is no session to keep.')
      await server.close()
    }
    const { server } = await replay({ 'POST /api/auth/verify': [{ ...ok, headers: {} }] })
    expect((await failure(new AuthClient({ baseUrl: server.url }).verify({ message: 'm', signature: 's', pubkey: 'p' }))).message).toMatch(/set no zkhelios_session cookie/)
  })

  it('says a Set-Cookie over 16 KB was too large, not that the indexer cannot be reached', async () => {
    const ok = sample('http-auth-verify.json')
    const { server } = await replay({ 'POST /api/auth/verify': [{ ...ok, headers: { 'set-cookie': `zkhelios_session=${'x'.repeat(20_000)}; Path=/` } }] })
    const error = await failure(new AuthClient({ baseUrl: server.url }).verify({ message: 'm', signature: 's', pubkey: 'p' }))
    expect(error.message).toBe('The indexer sent a session cookie too large to accept (its headers passed 16 KB), so no session could be kept.')
    expect(error.message).not.toMatch(/Cannot reach/)
    expect(server.requests).toHaveLength(1)
  })

  it('waits as long as a 429 asks and tries again', async () => {
    const { server } = await replay({
      'POST /api/auth/nonce': [
        { status: 429, body: { ok: false, code: 'RATE_LIMITED', error: 'Rate limit exceeded' }, headers: { 'retry-after': '7' } },
        sample('http-auth-nonce.json'),
      ],
    })
    const waits: number[] = []
    const client = new AuthClient({ baseUrl: server.url, sleep: async (ms) => void waits.push(ms) })
    expect((await client.nonce('BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL')).nonce).toBe('Nx22jcK5tbuuQWc1gMyaKf')
    expect(waits).toEqual([7000])
  })

  it('reports a 429 that asks for too long, saying when to try again', async () => {
    const { server } = await replay({
      'POST /api/auth/verify': [{ status: 429, body: { ok: false, code: 'RATE_LIMITED', error: 'Rate limit exceeded' }, headers: { 'retry-after': '600' } }],
    })
    const client = new AuthClient({ baseUrl: server.url, sleep: async () => undefined })
    const error = await failure(client.verify({ message: 'm', signature: 's', pubkey: 'p' }))
    expect(error.message).toBe('The indexer asks to slow down sign-in requests. Try again in 10 minutes.')
  })

  it('says when a locked address may try again', async () => {
    const { server } = await replay({
      'POST /api/auth/verify': [
        { status: 401, body: { ok: false, code: 'AUTH_ADDRESS_LOCKED', error: 'Address locked' }, headers: { 'retry-after': '1800' } },
        { status: 401, body: { ok: false, code: 'AUTH_ADDRESS_LOCKED', error: 'Address locked' } },
      ],
    })
    const client = new AuthClient({ baseUrl: server.url })
    expect((await failure(client.verify({ message: 'm', signature: 's', pubkey: 'p' }))).message).toBe(
      'Too many failed sign-ins for this wallet: the indexer has locked it for now. Try again in 30 minutes.',
    )
    expect((await failure(client.verify({ message: 'm', signature: 's', pubkey: 'p' }))).message).toContain('Try again within the hour.')
  })

  it('gives every sign-in error code of the reference deployment a sentence', async () => {
    const codes = ['AUTH_INVALID_SIGNATURE', 'AUTH_NONCE_INVALID', 'AUTH_MESSAGE_EXPIRED', 'AUTH_UNSUPPORTED_CHAIN', 'AUTH_ADDRESS_LOCKED', 'AUTH_UNAUTHORIZED', 'AUTH_SESSION_EXPIRED']
    const { server } = await replay({
      'POST /api/auth/verify': codes.map((code) => ({ status: 401, body: { ok: false, code, error: 'terse server words' } })),
    })
    const client = new AuthClient({ baseUrl: server.url })
    const messages = new Set<string>()
    for (const code of codes) {
      const error = await failure(client.verify({ message: 'm', signature: 's', pubkey: 'p' }))
      expect(error.serverCode).toBe(code)
      expect(error.message).not.toContain('terse server words')
      messages.add(error.message)
    }
    expect(messages.size).toBe(codes.length)
  })

  it('says an indexer without sign-in has none, and that a verify without a cookie gave no session', async () => {
    const { server } = await replay({
      'POST /api/auth/verify': [{ status: 200, body: loadAuthSample('http-auth-verify.json').body }],
    })
    const client = new AuthClient({ baseUrl: server.url })
    const missing = await failure(client.nonce('BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL'))
    expect(missing).toMatchObject({ status: 404, message: 'This indexer has no sign-in (it answered 404 to POST /api/auth/nonce).' })
    expect((await failure(client.verify({ message: 'm', signature: 's', pubkey: 'p' }))).message).toContain('set no zkhelios_session cookie')
  })

  it('refuses a nonce answer whose fields would change the signed lines', async () => {
    const { server } = await replay({
      'POST /api/auth/nonce': [{ status: 200, body: { ...loadAuthSample('http-auth-nonce.json').body, statement: 'Sign in\nURI: https://evil.example' } }],
    })
    const error = await failure(new AuthClient({ baseUrl: server.url }).nonce('BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL'))
    expect(error.code).toBe('DECODE')
  })
})
