import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import {
  credentialHeaders,
  describeCredential,
  formatCredential,
  parseCredential,
  redactForLog,
  redactHeaders,
  redactText,
  tryParseCredential,
} from './credentials'

function refusal(text: string): ProofWatchError {
  try {
    parseCredential(text)
  } catch (error) {
    return error as ProofWatchError
  }
  throw new Error(`"${text}" was accepted`)
}

describe('parseCredential', () => {
  it('reads a session cookie and a bearer token', () => {
    expect(parseCredential('cookie:zkhelios_session=demo')).toEqual({ kind: 'cookie', name: 'zkhelios_session', value: 'demo' })
    expect(parseCredential('  Cookie: sid = "abc123"  ')).toEqual({ kind: 'cookie', name: 'sid', value: 'abc123' })
    expect(parseCredential('bearer:eyJhbGciOi.J9-_x~+/==')).toEqual({ kind: 'bearer', token: 'eyJhbGciOi.J9-_x~+/==' })
    expect(parseCredential('BEARER: tok')).toEqual({ kind: 'bearer', token: 'tok' })
  })

  it('keeps a value that itself contains = (base64 padding)', () => {
    expect(parseCredential('cookie:s=YWJj==')).toEqual({ kind: 'cookie', name: 's', value: 'YWJj==' })
  })

  it('round-trips through formatCredential', () => {
    for (const text of ['cookie:zkhelios_session=demo', 'bearer:abc.def']) expect(formatCredential(parseCredential(text))).toBe(text)
  })

  it('refuses other forms with INVALID_ARGUMENT and never echoes the secret', () => {
    const cases = [
      ['', /cookie:<name>=<value> or bearer:<token>/],
      ['zkhelios_session=topsecret', /cookie:<name>=<value> or bearer:<token>/],
      ['basic:user:topsecret', /not "basic:"/],
      ['cookie:topsecret', /needs a name and a value/],
      ['cookie:=topsecret', /needs a name and a value/],
      ['cookie:bad name=topsecret', /cookie name/],
      ['cookie:sid=', /empty value/],
      ['cookie:sid=top;secret', /cannot carry/],
      ['cookie:sid=top\r\nX-Evil: 1', /cannot carry/],
      ['bearer:', /needs a token/],
      ['bearer:top secret', /token cannot have/],
      ['bearer:topsecret\nX-Evil: 1', /token cannot have/],
      [`bearer:${'a'.repeat(5000)}`, /longer than 4096/],
    ] as const
    for (const [text, message] of cases) {
      const error = refusal(text)
      expect(error).toBeInstanceOf(ProofWatchError)
      expect(error.code).toBe('INVALID_ARGUMENT')
      expect(error.message).toMatch(message)
      expect(error.message).not.toContain('topsecret')
    }
  })
})

describe('credentialHeaders', () => {
  it('sends a cookie as Cookie and a token as Authorization: Bearer', () => {
    expect(credentialHeaders(parseCredential('cookie:zkhelios_session=demo'))).toEqual({ cookie: 'zkhelios_session=demo' })
    expect(credentialHeaders(parseCredential('bearer:abc'))).toEqual({ authorization: 'Bearer abc' })
    expect(credentialHeaders(null)).toEqual({})
  })
})

describe('describeCredential', () => {
  it('names the kind and the cookie but not the secret', () => {
    expect(describeCredential(parseCredential('cookie:zkhelios_session=s3cr3tvalue'))).toBe('session cookie zkhelios_session (11 characters)')
    expect(describeCredential(parseCredential('bearer:s3cr3tvalue'))).toBe('bearer token (11 characters)')
    expect(describeCredential(null)).toBe('no credential')
  })
})

describe('redaction', () => {
  const cookie = parseCredential('cookie:zkhelios_session=s3cr3t/value')
  const bearer = parseCredential('bearer:tok3n-value')

  it('removes the secrets, also percent-encoded, and any Bearer token from text', () => {
    const text = 'sent zkhelios_session=s3cr3t/value and s3cr3t%2Fvalue with Authorization: Bearer other.token=='
    const redacted = redactText(text, [cookie, bearer])
    expect(redacted).toBe('sent zkhelios_session=[redacted] and [redacted] with Authorization: Bearer [redacted]')
  })

  it('replaces secret header values whatever their case', () => {
    expect(redactHeaders({ Cookie: 'a=b', authorization: 'Bearer x', accept: 'application/json', 'Set-Cookie': ['x=y'] })).toEqual({
      Cookie: '[redacted]',
      authorization: '[redacted]',
      accept: 'application/json',
      'Set-Cookie': '[redacted]',
    })
  })

  it('redacts nested log details without changing the original', () => {
    const details = { request: { headers: { cookie: 'zkhelios_session=s3cr3t/value' } }, message: 'failed for tok3n-value', n: 3, error: new Error('s3cr3t/value leaked') }
    expect(redactForLog(details, [cookie, bearer])).toEqual({
      request: { headers: { cookie: '[redacted]' } },
      message: 'failed for [redacted]',
      n: 3,
      error: { name: 'Error', message: '[redacted] leaked' },
    })
    expect(details.request.headers.cookie).toBe('zkhelios_session=s3cr3t/value')
  })
})

describe('tryParseCredential', () => {
  it('gives the credential, or null for empty, missing or unparsable text, never throwing', () => {
    expect(tryParseCredential('bearer:abc')).toEqual(parseCredential('bearer:abc'))
    expect(tryParseCredential('')).toBeNull()
    expect(tryParseCredential(null)).toBeNull()
    expect(tryParseCredential(undefined)).toBeNull()
    expect(tryParseCredential('cookie:=x')).toBeNull()
  })
})
