/**
 * The reference deployment's recorded proof lists and proof details through
 * the decoders, as cases of the wire-samples test (used by tests only).
 */
import { expect } from 'vitest'
import type { Page, Proof } from '@shared/domain'
import { decodeProof, decodeProofPage } from '../../src/main/core/indexer/decode'
import { decodedPage, errorOf, loadHttp } from './wire-sample-files'

function proofPage(name: string): Page<Proof> {
  return decodedPage(
    name,
    decodeProofPage,
    (proof, raw) => {
      expect(proof.proofAccount).toBe(raw.proofAccount)
      expect(proof.slotVerified).toBe(raw.slotVerified)
      expect(proof.circuitId).toBe(String(raw.circuitId))
      expect(proof.verifiedAt).toBe(Date.parse(raw.verifiedAt as string))
      expect(proof.raw).toBe(raw)
      expect(proof.extra).toEqual({})
    },
    (proof) => proof.proofAccount,
  )
}

export const PROOF_HTTP_CASES: Record<string, () => void> = {
  'http-proofs-list-default.json': () => {
    const page = proofPage('http-proofs-list-default.json')
    expect(page.items).toHaveLength(50)
    expect(page.total).toBe('300')
    expect(page.items[0]).toMatchObject({
      proofAccount: '7SMNejr6dAYhXGkW9ZsMD4XAD3ZetxsCT7wWUqyYJCWR',
      circuitId: '4',
      proofType: 'MEMBERSHIP',
      slotVerified: '356507327',
      verifiedAt: Date.UTC(2026, 10, 21, 20, 48, 50, 485),
      verified: true,
      revoked: false,
    })
  },
  'http-proofs-list-limit5.json': () => {
    const page = proofPage('http-proofs-list-limit5.json')
    expect(page.nextCursor).toBe('NmlaZ0djZGo3NjQxbVJZSEo5WncxY3h5bWFIZDlpTlBGd1VjUVJMZW91eGU')
    expect(page.items.at(-1)?.proofAccount).toBe('6iZgGcdj7641mRYHJ9Zw1cxymaHd9iNPFwUcQRLeouxe')
  },
  'http-proofs-list-limit5-page2.json': () => {
    const page = proofPage('http-proofs-list-limit5-page2.json')
    expect(page.items[0]?.proofAccount).toBe('HzJYpKwoXYDM7TUvLwNoQyDbEaWTsQJuRh2259DZjt1L')
    expect(page.items[1]?.publicInputs).toEqual({ issuer: '7KtfTcfBZH83PJGTEXum52jEhh6dCACrrS6nr4w9d7kW', minAge: 21 })
  },
  'http-proofs-list-authority-P.json': () => {
    const page = proofPage('http-proofs-list-authority-P.json')
    expect(page.total).toBe('54')
    expect(new Set(page.items.map((proof) => proof.authority))).toEqual(
      new Set(['8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr']),
    )
  },
  'http-proofs-list-authority-and-type.json': () => {
    const page = proofPage('http-proofs-list-authority-and-type.json')
    expect(page.total).toBe('6')
    expect(page.items.map((proof) => proof.proofType)).toEqual(['OWNERSHIP', 'OWNERSHIP', 'OWNERSHIP'])
  },
  'http-proofs-list-type-BALANCE.json': () => {
    const page = proofPage('http-proofs-list-type-BALANCE.json')
    expect(page.total).toBe('81')
    expect(page.items.every((proof) => proof.proofType === 'BALANCE' && proof.circuitName !== null)).toBe(true)
  },
  'http-proofs-list-garbage-cursor.json': () => {
    expect(proofPage('http-proofs-list-garbage-cursor.json')).toEqual({ items: [], nextCursor: null, total: '300' })
  },
  'http-proofs-list-unknown-valid-b64-cursor.json': () => {
    expect(proofPage('http-proofs-list-unknown-valid-b64-cursor.json')).toEqual({
      items: [],
      nextCursor: null,
      total: '300',
    })
  },
  'http-proofs-list-limit-0-400.json': () => {
    expect(errorOf(loadHttp('http-proofs-list-limit-0-400.json'))).toMatchObject({
      code: 'HTTP',
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: 'limit: Number must be greater than or equal to 1',
    })
  },
  'http-proofs-list-limit-201-400.json': () => {
    expect(errorOf(loadHttp('http-proofs-list-limit-201-400.json')).message).toBe(
      'limit: Number must be less than or equal to 200',
    )
  },
  'http-proofs-list-type-balance-lowercase-400.json': () => {
    expect(errorOf(loadHttp('http-proofs-list-type-balance-lowercase-400.json'))).toMatchObject({
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: expect.stringContaining("received 'balance'"),
    })
  },
  'http-proofs-detail.json': () => {
    const proof = decodeProof(loadHttp('http-proofs-detail.json').body)
    expect(proof).toMatchObject({
      proofAccount: '7SMNejr6dAYhXGkW9ZsMD4XAD3ZetxsCT7wWUqyYJCWR',
      signature: '4npGHnNW4DMeQ6YUDaaddFxXcVq8W64D3qbboMkKTY4yJuTM1QhTT55FT6UTcKn7xK6G4cPn5GaR81X7ow1jPUhX',
      authority: '75YXdFZXPc45Np3LD5T8a1XG4YHTNYWz5qTyFjN5pdxj',
      circuitId: '4',
      circuitName: 'membership_proof',
      proofType: 'MEMBERSHIP',
      verified: true,
      verifiedAt: Date.parse('2026-11-21T20:48:50.485Z'),
      slotVerified: '356507327',
      revoked: false,
      extra: {},
    })
    expect(Object.keys(proof.publicInputs)).toEqual(['nullifier', 'merkleRoot'])
    expect(proof.raw.circuitId).toBe(4)
  },
  'http-proofs-detail-revoked.json': () => {
    const proof = decodeProof(loadHttp('http-proofs-detail-revoked.json').body)
    expect(proof).toMatchObject({ verified: false, revoked: true, slotVerified: '356336786', circuitId: '1' })
    expect(proof.publicInputs.threshold).toBe('170000000000')
  },
  'http-proofs-detail-too-short-400.json': () => {
    expect(errorOf(loadHttp('http-proofs-detail-too-short-400.json'))).toMatchObject({
      code: 'HTTP',
      status: 400,
      message: 'proofAccount: String must contain at least 32 character(s)',
    })
  },
  'http-proofs-detail-unknown-404.json': () => {
    expect(errorOf(loadHttp('http-proofs-detail-unknown-404.json'))).toEqual({
      code: 'NOT_FOUND',
      status: 404,
      serverCode: 'NOT_FOUND',
      message: 'Proof not found',
      retryable: false,
    })
  },
}
