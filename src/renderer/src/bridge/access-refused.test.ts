import { describe, expect, it } from 'vitest'
import { accessRefusedError, isAccessRefused, NO_TOKEN_MESSAGE, TOKEN_REFUSED_MESSAGE } from './access-refused'

describe('isAccessRefused', () => {
  it('tells a refused page from a bad value in one request', () => {
    expect(isAccessRefused(accessRefusedError(NO_TOKEN_MESSAGE).toInfo())).toBe(true)
    expect(isAccessRefused(accessRefusedError(TOKEN_REFUSED_MESSAGE).toInfo())).toBe(true)
    expect(isAccessRefused({ code: 'INVALID_ARGUMENT', message: 'proofAccount must be 32–44 characters' })).toBe(false)
    expect(isAccessRefused({ code: 'UNREACHABLE', message: NO_TOKEN_MESSAGE })).toBe(false)
  })
})
