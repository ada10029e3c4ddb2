import { describe, expect, it } from 'vitest'
import { isPermanentError } from './permanent-error'

describe('isPermanentError', () => {
  it('says which errors a reconnect cannot fix', () => {
    expect(isPermanentError({ code: 'NOT_FOUND', message: '' })).toBe(true)
    expect(isPermanentError({ code: 'INVALID_ARGUMENT', message: '' })).toBe(true)
    expect(isPermanentError({ code: 'UNREACHABLE', message: '' })).toBe(false)
  })
})
