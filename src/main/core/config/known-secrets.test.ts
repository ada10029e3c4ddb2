import { describe, expect, it } from 'vitest'
import { KnownSecrets, REDACTED } from './known-secrets'
import { memorySecretStorage } from './secrets'

const COOKIE = 'cookie:zk_session=s3cr3t/value+1'
const BEARER = 'bearer:tok_ABCDEFGH12345'

describe('KnownSecrets', () => {
  it('redacts a credential and its URL-encoded form, from the notation or parsed', () => {
    const known = new KnownSecrets()
    known.addCredential(COOKIE)
    known.addCredential({ kind: 'bearer', token: 'tok_ABCDEFGH12345' })
    known.addCredential('not a credential')
    known.addCredential(null)
    expect(known.redactText('cookie=s3cr3t/value+1; q=s3cr3t%2Fvalue%2B1 auth tok_ABCDEFGH12345')).toBe(
      `cookie=${REDACTED}; q=${REDACTED} auth ${REDACTED}`,
    )
  })

  it('reads a watched store on each use, so a credential saved later is covered', () => {
    const store = memorySecretStorage()
    const known = new KnownSecrets()
    known.watch({ values: () => [store.get('a') ?? ''] })
    expect(known.redactText('tok_ABCDEFGH12345')).toBe('tok_ABCDEFGH12345')
    store.set('a', BEARER)
    expect(known.redactText('x tok_ABCDEFGH12345 y')).toBe(`x ${REDACTED} y`)
  })

  it('covers sign-in sessions as the stores keep them', () => {
    const known = new KnownSecrets()
    known.watch({ values: () => [JSON.stringify({ cookieName: 'zk_session', cookieValue: 'sessionCookieValue99', wallet: 'W' })] })
    expect(known.redactText('set-cookie: zk_session=sessionCookieValue99')).toBe(`set-cookie: zk_session=${REDACTED}`)
  })

  it('ignores secrets too short or too common to look for, and redacts the longer of two overlapping ones whole', () => {
    const known = new KnownSecrets()
    known.addSecret('demo')
    known.addSecret('password')
    known.addSecret('k3y-1234')
    known.addSecret('k3y-1234-5678')
    known.addCredential('cookie:zkhelios_session=demo')
    expect(known.redactText('info demo indexer started; password k3y-1234-5678 k3y-1234')).toBe(`info demo indexer started; password ${REDACTED} ${REDACTED}`)
  })

  it('forgets a borrowed credential once it is given back, and counts overlapping borrows', () => {
    const known = new KnownSecrets()
    const first = known.borrowCredential({ kind: 'bearer', token: 'typed-for-a-test-1' })
    const second = known.borrowCredential({ kind: 'bearer', token: 'typed-for-a-test-1' })
    expect(known.redactText('typed-for-a-test-1')).toBe(REDACTED)
    first()
    first()
    expect(known.redactText('typed-for-a-test-1')).toBe(REDACTED)
    second()
    expect(known.redactText('typed-for-a-test-1')).toBe('typed-for-a-test-1')
  })

  it('redacts strings anywhere in a value, never its keys, and shares the parts that hold none', () => {
    const known = new KnownSecrets()
    known.addCredential(BEARER)
    const clean = { items: [{ id: 1 }, { id: 2 }] }
    const value = { clean, echoed: { header: 'Bearer tok_ABCDEFGH12345', tok_ABCDEFGH12345: true }, list: ['a', 'tok_ABCDEFGH12345'] }
    const redacted = known.redactValue(value)
    expect(redacted).toEqual({ clean, echoed: { header: `Bearer ${REDACTED}`, tok_ABCDEFGH12345: true }, list: ['a', REDACTED] })
    expect(redacted.clean).toBe(clean)
    expect(value.echoed.header).toBe('Bearer tok_ABCDEFGH12345')
    expect(known.redactValue(clean)).toBe(clean)
  })

  it('survives cycles', () => {
    const known = new KnownSecrets()
    known.addCredential(BEARER)
    const value: Record<string, unknown> = { text: 'tok_ABCDEFGH12345' }
    value.self = value
    const redacted = known.redactValue(value) as Record<string, unknown>
    expect(redacted.text).toBe(REDACTED)
  })

  it('gives a logger messages and details, errors included, with the secrets redacted', () => {
    const known = new KnownSecrets()
    known.addCredential(COOKIE)
    const lines: unknown[][] = []
    const log = known.logger({
      info: (...args) => lines.push(['info', ...args]),
      warn: (...args) => lines.push(['warn', ...args]),
      error: (...args) => lines.push(['error', ...args]),
    })
    log.warn('sent s3cr3t/value+1', { body: 'echo s3cr3t/value+1' })
    log.error('failed', new Error('the server said s3cr3t/value+1', { cause: new Error('s3cr3t%2Fvalue%2B1') }))
    log.info('plain')
    expect(JSON.stringify(lines)).not.toContain('s3cr3t')
    expect(lines[0]).toEqual(['warn', `sent ${REDACTED}`, { body: `echo ${REDACTED}` }])
    expect(lines[1]).toMatchObject(['error', 'failed', { name: 'Error', message: `the server said ${REDACTED}`, cause: { message: REDACTED } }])
    expect(lines[2]).toEqual(['info', 'plain', undefined])
  })
})
