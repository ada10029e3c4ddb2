import { describe, expect, it } from 'vitest'
import { feeInLamports, formatFee, lamportsToSol } from './lamports'

describe('lamportsToSol', () => {
  it('converts exactly, without floating point', () => {
    expect(lamportsToSol('5000', 'en-US')).toBe('0.000005')
    expect(lamportsToSol('1000000000', 'en-US')).toBe('1')
    expect(lamportsToSol('18446744073709551615', 'en-US')).toBe('18,446,744,073.709551615')
    expect(lamportsToSol('0', 'en-US')).toBe('0')
  })

  it('uses the decimal separator of the locale', () => {
    expect(lamportsToSol('1500000000', 'de-DE')).toBe('1,5')
  })
})

describe('formatFee', () => {
  it('shows SOL with all nine decimals, so fees align, and lamports for the tooltip', () => {
    expect(formatFee('5000', 'en-US')).toBe('0.000005000 SOL')
    expect(formatFee('5001', 'en-US')).toBe('0.000005001 SOL')
    expect(formatFee('30000', 'en-US')).toBe('0.000030000 SOL')
    expect(formatFee('2000000000', 'en-US')).toBe('2.000000000 SOL')
    expect(feeInLamports('5000', 'en-US')).toBe('5,000 lamports')
    expect(feeInLamports(null)).toBeUndefined()
  })

  it('shows missing and odd values plainly', () => {
    expect(formatFee(null)).toBe('—')
    expect(formatFee('n/a')).toBe('n/a')
  })
})
