import { describe, expect, it } from 'vitest'
import { circuitLabel } from './circuit-label'

describe('circuitLabel', () => {
  it('uses the name where one is known', () => {
    expect(circuitLabel('1', 'balance_proof')).toBe('balance_proof')
  })

  it('falls back to the id when the name is missing or blank', () => {
    expect(circuitLabel('7')).toBe('Circuit #7')
    expect(circuitLabel('7', null)).toBe('Circuit #7')
    expect(circuitLabel('7', '  ')).toBe('Circuit #7')
  })

  it('says so when there is neither', () => {
    expect(circuitLabel(null, null)).toBe('Unknown circuit')
    expect(circuitLabel('', undefined)).toBe('Unknown circuit')
  })
})
