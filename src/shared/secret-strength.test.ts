import { describe, expect, it } from 'vitest'
import { weakSecretReason, weakSecretWarning } from './secret-strength'

describe('weakSecretReason', () => {
  it('names why a short, common or repeated value cannot be found safely in free text', () => {
    expect(weakSecretReason('demo')).toBe('it is shorter than 8 characters')
    expect(weakSecretReason('Password')).toBe('it is a common word')
    expect(weakSecretReason('xxxxxxxxxx')).toBe('it is one character repeated')
    expect(weakSecretReason('s3cr3t/value+1')).toBeNull()
  })

  it('gives the editor a warning that says the value is used, and none for a blank or strong one', () => {
    expect(weakSecretWarning('demo')).toMatch(/will be used, but it is shorter than 8 characters/)
    expect(weakSecretWarning('  ')).toBeNull()
    expect(weakSecretWarning('eyJhbGciOiJIUzI1NiJ9')).toBeNull()
  })
})
