import { describe, expect, it } from 'vitest'
import type { ErrorCode } from '@shared/domain'
import { canAskAgain, isPermanentError } from './ask-again'

describe('canAskAgain', () => {
  it('is false only for a wrong request and a refused page', () => {
    const codes: ErrorCode[] = ['UNREACHABLE', 'TIMEOUT', 'HTTP', 'NOT_FOUND', 'RATE_LIMITED', 'DECODE', 'SOCKET', 'INTERNAL']
    for (const code of codes) expect(canAskAgain({ code, message: '' }), code).toBe(true)
    expect(canAskAgain({ code: 'INVALID_ARGUMENT', message: '' })).toBe(false)
    expect(canAskAgain({ code: 'ACCESS_REFUSED', message: '' })).toBe(false)
  })

  it('does not follow the retryable flag of the core', () => {
    expect(canAskAgain({ code: 'DECODE', message: '', retryable: false })).toBe(true)
    expect(canAskAgain({ code: 'INVALID_ARGUMENT', message: '', retryable: true })).toBe(false)
  })
})

describe('isPermanentError', () => {
  it('says which errors a reconnect cannot fix', () => {
    expect(isPermanentError({ code: 'NOT_FOUND', message: '' })).toBe(true)
    expect(isPermanentError({ code: 'INVALID_ARGUMENT', message: '' })).toBe(true)
    expect(isPermanentError({ code: 'UNREACHABLE', message: '' })).toBe(false)
  })

  it('also leaves a refused page alone', () => {
    expect(isPermanentError({ code: 'ACCESS_REFUSED', message: '' })).toBe(true)
  })

  it('leaves an HTTP 4xx answer alone, but not a 429 or a 5xx', () => {
    expect(isPermanentError({ code: 'HTTP', status: 403, message: '' })).toBe(true)
    expect(isPermanentError({ code: 'RATE_LIMITED', status: 429, message: '' })).toBe(false)
    expect(isPermanentError({ code: 'HTTP', status: 503, message: '' })).toBe(false)
  })
})
