/**
 * The reference deployment's recorded sign-in answers through the sign-in
 * decoders, as cases of the wire-samples test (used by tests only).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect } from 'vitest'
import { decodeBase58, verifySignature } from '../../src/main/core/sign-in/ed25519'
import { explainAuthError, isSignedOutError } from '../../src/main/core/indexer/auth-errors'
import { decodeErrorBody } from '../../src/main/core/indexer/decode-errors'
import { buildSignInMessage, decodeMeAnswer, decodeRefreshAnswer, decodeSignInChallenge, decodeVerifyAnswer, sessionCookieFrom } from '../../src/main/core/indexer/sign-in'

const SAMPLES = join(import.meta.dirname, '../fixtures/wire-samples')

interface AuthSample {
  status: number
  headers: Record<string, string>
  requestBody?: Record<string, string>
  body: Record<string, unknown>
}

export function loadAuthSample(name: string): AuthSample {
  return JSON.parse(readFileSync(join(SAMPLES, name), 'utf8')) as AuthSample
}

function errorOf(name: string) {
  const sample = loadAuthSample(name)
  return decodeErrorBody(sample.status, JSON.stringify(sample.body), sample.headers['content-type'] ?? null)
}

const PUBKEY = 'BxM1HUy3faHN7WQhTcsEHYDRN97zg22zZbxtjC7KTxhL'

export const AUTH_HTTP_CASES: Record<string, () => void> = {
  'http-auth-nonce.json': () => {
    expect(decodeSignInChallenge(loadAuthSample('http-auth-nonce.json').body)).toMatchObject({ nonce: 'Nx22jcK5tbuuQWc1gMyaKf', domain: 'localhost:3001', version: '1' })
  },
  'http-auth-nonce-second.json': () => {
    // The message built from this answer is the one the reference web app had signed, byte for byte.
    const challenge = decodeSignInChallenge(loadAuthSample('http-auth-nonce-second.json').body)
    const verify = loadAuthSample('http-auth-verify.json').requestBody as Record<string, string>
    const message = buildSignInMessage(challenge, PUBKEY)
    expect(Buffer.from(message, 'utf8').equals(Buffer.from(verify.message as string, 'utf8'))).toBe(true)
    expect(message).toBe(verify.message)
  },
  'http-auth-nonce-bad-pubkey-400.json': () => {
    const info = explainAuthError(errorOf('http-auth-nonce-bad-pubkey-400.json'), 'nonce')
    expect(info).toMatchObject({ status: 400, serverCode: 'VALIDATION_FAILED' })
    expect(info.message).toContain('not accept this as a Solana public key')
  },
  'http-auth-verify.json': () => {
    const sample = loadAuthSample('http-auth-verify.json')
    const request = sample.requestBody as Record<string, string>
    // The recorded signature is real: it verifies with node:crypto over the message's UTF-8 bytes.
    const key = decodeBase58(request.pubkey, 32)
    const signature = decodeBase58(request.signature, 64)
    expect(key && signature && verifySignature(key, request.message as string, signature)).toBe(true)
    expect(verifySignature(key as Uint8Array, `${request.message} `, signature as Uint8Array)).toBe(false)
    const answer = decodeVerifyAnswer(sample.body)
    expect(answer).toEqual({
      user: { pubkey: PUBKEY, role: 'USER', displayName: 'ref_tester', email: 'tester@zkhelios.local' },
      expiresAt: Date.parse('2026-12-01T18:35:30.847Z'),
    })
    const now = Date.parse('2026-11-24T18:35:30.847Z')
    // The recording redacted the token with an ellipsis, which a header cannot carry.
    const header = (sample.headers['set-cookie'] as string).replace('…', '...')
    const cookie = sessionCookieFrom(new Headers({ 'set-cookie': header }), now)
    expect(cookie).toEqual({ name: 'zkhelios_session', value: 'eyJhbGciOiJI...(redacted)', expiresAt: now + 604_800_000 })
  },
  'http-auth-verify-bad-signature-401.json': () => {
    const info = explainAuthError(errorOf('http-auth-verify-bad-signature-401.json'), 'verify')
    expect(info).toMatchObject({ status: 401, serverCode: 'AUTH_INVALID_SIGNATURE' })
    expect(info.message).toMatch(/^The signature does not match this wallet/)
  },
  'http-auth-verify-reused-nonce-401.json': () => {
    const info = explainAuthError(errorOf('http-auth-verify-reused-nonce-401.json'), 'verify')
    expect(info).toMatchObject({ status: 401, serverCode: 'AUTH_NONCE_INVALID' })
    expect(info.message).toContain('already used')
  },
  'http-auth-me.json': () => {
    expect(decodeMeAnswer(loadAuthSample('http-auth-me.json').body)).toEqual({ pubkey: PUBKEY, role: 'USER', displayName: 'ref_tester', email: 'tester@zkhelios.local' })
  },
  'http-auth-me-no-cookie-401.json': () => {
    const info = errorOf('http-auth-me-no-cookie-401.json')
    expect(isSignedOutError(info)).toBe(true)
    expect(explainAuthError(info, 'me').message).toBe('Not signed in to this indexer.')
  },
  'http-auth-me-after-logout-401.json': () => {
    const info = errorOf('http-auth-me-after-logout-401.json')
    expect(isSignedOutError(info)).toBe(true)
    expect(explainAuthError(info, 'me').message).toContain('Sign in again')
  },
  'http-auth-refresh.json': () => {
    expect(decodeRefreshAnswer(loadAuthSample('http-auth-refresh.json').body)).toEqual({ expiresAt: Date.parse('2026-12-01T18:35:30.948Z') })
  },
  'http-auth-logout.json': () => {
    const sample = loadAuthSample('http-auth-logout.json')
    expect(sample.body).toEqual({ ok: true })
    // Logout clears the cookie: nothing to keep.
    expect(sessionCookieFrom(new Headers({ 'set-cookie': sample.headers['set-cookie'] as string }), Date.now())).toBeNull()
  },
}
