import { describe, expect, it } from 'vitest'
import { addressProblem } from './address-problem'

const ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'

describe('addressProblem', () => {
  it('explains why text is not an address', () => {
    expect(addressProblem(ADDRESS)).toBeNull()
    expect(addressProblem('')).toBe('Enter an address.')
    expect(addressProblem('abc')).toBe('An address is 32 to 44 characters long; this one has 3.')
    expect(addressProblem(`${ADDRESS.slice(0, 40)}OOOO`)).toMatch(/base58/)
  })
})
