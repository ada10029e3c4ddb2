import { describe, expect, it } from 'vitest'
import { exportFileName } from './export-name'

describe('exportFileName', () => {
  it('names the address and each filter, so two exports of different lists differ (issue 23, defect 4)', () => {
    const pubkey = '5nrhT8bWs1WbYfqvyVGV3RxkLbzS5BXb1cCCDWdwshmy'
    expect(exportFileName({ kind: 'transactions', format: 'csv', filter: { pubkey } }, '2026-11-27-07-20-00')).toBe(
      `proofwatch-transactions-${pubkey}-2026-11-27-07-20-00.csv`,
    )
    expect(exportFileName({ kind: 'proofs', format: 'json', filter: { authority: pubkey, circuitId: '7', state: 'revoked', fromDate: '2026-11-01' } }, 'd')).toBe(
      `proofwatch-proofs-${pubkey}-circuit-7-revoked-from-2026-11-01-d.json`,
    )
  })

  it('keeps only safe characters of a filter value', () => {
    expect(exportFileName({ kind: 'transactions', format: 'csv', filter: { type: '../../etc passwd' } }, 'd')).toBe('proofwatch-transactions-..-..-etc-passwd-d.csv')
  })
})
