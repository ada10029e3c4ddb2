import { describe, expect, it } from 'vitest'
import { ProofWatchError } from '@shared/errors'
import { asErrorInfo, isPermanentError } from './as-error-info'

describe('asErrorInfo', () => {
  it('keeps everything a ProofWatchError carries', () => {
    const error = new ProofWatchError({ code: 'HTTP', message: 'boom', status: 500, serverCode: 'INTERNAL', retryable: true })
    expect(asErrorInfo(error)).toEqual({ code: 'HTTP', message: 'boom', status: 500, serverCode: 'INTERNAL', retryable: true })
  })

  it('reads a plain object that lost its class on the way', () => {
    expect(asErrorInfo({ code: 'NOT_FOUND', message: 'no such proof', status: 404 })).toEqual({
      code: 'NOT_FOUND',
      message: 'no such proof',
      status: 404,
    })
  })

  it('turns anything else into INTERNAL with its message', () => {
    expect(asErrorInfo(new Error('bad'))).toEqual({ code: 'INTERNAL', message: 'bad' })
    expect(asErrorInfo({ code: 'WHATEVER', message: 'odd' })).toEqual({ code: 'INTERNAL', message: 'odd' })
    expect(asErrorInfo('text')).toEqual({ code: 'INTERNAL', message: 'text' })
  })
})

describe('isPermanentError', () => {
  it('says which errors a reconnect cannot fix', () => {
    expect(isPermanentError({ code: 'NOT_FOUND', message: '' })).toBe(true)
    expect(isPermanentError({ code: 'INVALID_ARGUMENT', message: '' })).toBe(true)
    expect(isPermanentError({ code: 'UNREACHABLE', message: '' })).toBe(false)
  })
})
