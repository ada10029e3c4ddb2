import { describe, expect, it } from 'vitest'
import { errorKind, isOfflineError, ProofWatchError, toErrorInfo } from './errors'

describe('toErrorInfo', () => {
  it('keeps everything a ProofWatchError carries', () => {
    const error = new ProofWatchError({ code: 'HTTP', message: 'boom', status: 500, serverCode: 'INTERNAL', retryable: true })
    expect(toErrorInfo(error)).toEqual({ code: 'HTTP', message: 'boom', status: 500, serverCode: 'INTERNAL', retryable: true })
  })

  it('reads a plain object that lost its class crossing the context bridge, and only its known fields', () => {
    expect(toErrorInfo({ name: 'ProofWatchError', code: 'NOT_FOUND', message: 'no such proof', status: 404, stack: 'x' })).toEqual({
      code: 'NOT_FOUND',
      message: 'no such proof',
      status: 404,
    })
    expect(toErrorInfo({ code: 'SOCKET', message: 'Channel not allowed: user:proofs' })).toEqual({
      code: 'SOCKET',
      message: 'Channel not allowed: user:proofs',
    })
  })

  it('turns anything else into INTERNAL with its message', () => {
    expect(toErrorInfo(new Error('bad'))).toEqual({ code: 'INTERNAL', message: 'bad' })
    expect(toErrorInfo({ code: 'WHATEVER', message: 'odd' })).toEqual({ code: 'INTERNAL', message: 'odd' })
    expect(toErrorInfo('text')).toEqual({ code: 'INTERNAL', message: 'text' })
  })

  it('survives a round trip through ErrorInfo', () => {
    const info = { code: 'DECODE', message: 'not JSON', received: '<html>', retryable: false } as const
    expect(toErrorInfo(ProofWatchError.fromInfo(info))).toEqual(info)
  })
})

describe('isOfflineError', () => {
  it('counts unreachable, timeouts and 5xx as offline, nothing else', () => {
    expect(isOfflineError({ code: 'UNREACHABLE', message: '' })).toBe(true)
    expect(isOfflineError({ code: 'TIMEOUT', message: '' })).toBe(true)
    expect(isOfflineError({ code: 'HTTP', message: '', status: 503 })).toBe(true)
    expect(isOfflineError({ code: 'HTTP', message: '', status: 400 })).toBe(false)
    expect(isOfflineError({ code: 'NOT_FOUND', message: '', status: 404 })).toBe(false)
    expect(isOfflineError({ code: 'DECODE', message: '' })).toBe(false)
  })
})

describe('errorKind', () => {
  it('calls a wrong request, a refused page, a missing record and any 4xx but 429 permanent', () => {
    expect(errorKind({ code: 'INVALID_ARGUMENT', message: '' })).toBe('permanent')
    expect(errorKind({ code: 'ACCESS_REFUSED', message: '' })).toBe('permanent')
    expect(errorKind({ code: 'NOT_FOUND', message: '', status: 404 })).toBe('permanent')
    expect(errorKind({ code: 'HTTP', message: '', status: 422 })).toBe('permanent')
    expect(errorKind({ code: 'RATE_LIMITED', message: '', status: 429 })).toBe('transient')
  })

  it('calls what isOfflineError calls offline offline, and the rest transient', () => {
    expect(errorKind({ code: 'UNREACHABLE', message: '' })).toBe('offline')
    expect(errorKind({ code: 'TIMEOUT', message: '' })).toBe('offline')
    expect(errorKind({ code: 'HTTP', message: '', status: 502 })).toBe('offline')
    expect(errorKind({ code: 'DECODE', message: '' })).toBe('transient')
    expect(errorKind({ code: 'SOCKET', message: '' })).toBe('transient')
  })
})
