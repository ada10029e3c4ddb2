/**
 * The reference deployment's recorded transaction lists and transaction
 * details through the decoders, as cases of the wire-samples test (used by
 * tests only).
 */
import { expect } from 'vitest'
import type { Page, Transaction } from '@shared/domain'
import { decodeTransactionDetail, decodeTransactionPage } from '../../src/main/core/indexer/decode'
import { decodedPage, errorOf, loadHttp, requestUrl } from './wire-sample-files'

function transactionPage(name: string): Page<Transaction> {
  return decodedPage(
    name,
    decodeTransactionPage,
    (tx, raw) => {
      expect(tx.signature).toBe(raw.signature)
      expect(tx.slot).toBe(raw.slot)
      expect(tx.fee).toBe(raw.fee)
      expect(tx.status).toBe(raw.status)
      expect(tx.programIds).toEqual(raw.programIds)
      expect(tx.extra).toEqual({})
    },
    (tx) => tx.signature,
  )
}

export const TRANSACTION_HTTP_CASES: Record<string, () => void> = {
  'http-transactions-list-default.json': () => {
    const page = transactionPage('http-transactions-list-default.json')
    expect(page.items).toHaveLength(50)
    expect(page.total).toBe('500')
    expect(page.items[0]).toMatchObject({
      signature: '4npGHnNW4DMeQ6YUDaaddFxXcVq8W64D3qbboMkKTY4yJuTM1QhTT55FT6UTcKn7xK6G4cPn5GaR81X7ow1jPUhX',
      slot: '356507327',
      blockTime: Date.parse('2026-11-21T20:48:50.485Z'),
      fee: '33000',
      feePayer: '75YXdFZXPc45Np3LD5T8a1XG4YHTNYWz5qTyFjN5pdxj',
      status: 'SUCCESS',
      computeUnits: '156044',
    })
  },
  'http-transactions-list-limit5.json': () => {
    expect(transactionPage('http-transactions-list-limit5.json').items).toHaveLength(5)
  },
  'http-transactions-list-limit5-page2.json': () => {
    const page = transactionPage('http-transactions-list-limit5-page2.json')
    expect(page.items[0]?.fee).toBe('38000')
  },
  'http-transactions-list-fromDate.json': () => {
    const sample = loadHttp('http-transactions-list-fromDate.json')
    const from = Date.parse(requestUrl(sample).searchParams.get('fromDate') ?? '')
    const page = transactionPage('http-transactions-list-fromDate.json')
    expect(page.total).toBe('74')
    expect(page.items.every((tx) => (tx.blockTime ?? 0) >= from)).toBe(true)
  },
  'http-transactions-list-garbage-cursor.json': () => {
    expect(transactionPage('http-transactions-list-garbage-cursor.json')).toEqual({
      items: [],
      nextCursor: null,
      total: '500',
    })
  },
  'http-transactions-list-pubkey-P.json': () => {
    expect(transactionPage('http-transactions-list-pubkey-P.json').total).toBe('95')
  },
  'http-transactions-list-pubkey-W1.json': () => {
    expect(transactionPage('http-transactions-list-pubkey-W1.json').items[0]?.slot).toBe('356487026')
  },
  'http-transactions-list-pubkey-W2-FAILED.json': () => {
    const page = transactionPage('http-transactions-list-pubkey-W2-FAILED.json')
    expect(page).toMatchObject({ nextCursor: null, total: '5' })
    expect(page.items.every((tx) => tx.status === 'FAILED')).toBe(true)
  },
  'http-transactions-list-status-FAILED.json': () => {
    const page = transactionPage('http-transactions-list-status-FAILED.json')
    expect(page.total).toBe('31')
    expect(page.items.map((tx) => tx.status)).toEqual(Array(5).fill('FAILED'))
  },
  'http-transactions-list-type-ignored.json': () => {
    expect(transactionPage('http-transactions-list-type-ignored.json').items.map((tx) => tx.status)).toEqual([
      'FAILED',
      'SUCCESS',
      'SUCCESS',
    ])
  },
  'http-transactions-list-status-failed-lowercase-400.json': () => {
    expect(errorOf(loadHttp('http-transactions-list-status-failed-lowercase-400.json'))).toMatchObject({
      status: 400,
      serverCode: 'VALIDATION_FAILED',
      message: "status: Invalid enum value. Expected 'SUCCESS' | 'FAILED', received 'failed'",
    })
  },
  'http-transactions-detail.json': () => {
    const tx = decodeTransactionDetail(loadHttp('http-transactions-detail.json').body)
    expect(tx).toMatchObject({ slot: '356507327', status: 'SUCCESS', errorMessage: null, fee: '33000', extra: {} })
    expect(tx.logs).toHaveLength(6)
    expect(tx.instructions).toEqual([
      {
        index: 0,
        programId: 'ComputeBudget111111111111111111111111111111',
        accounts: [],
        decoded: { name: 'setComputeUnitLimit', units: 400000 },
      },
      {
        index: 1,
        programId: 'Ei5ZkTC2M631gSpBoz3wz8szq7rikrUgRbzfwQ353w8Q',
        accounts: [
          '75YXdFZXPc45Np3LD5T8a1XG4YHTNYWz5qTyFjN5pdxj',
          '7SMNejr6dAYhXGkW9ZsMD4XAD3ZetxsCT7wWUqyYJCWR',
          '11111111111111111111111111111111',
        ],
        decoded: { args: { circuitId: 4 }, name: 'verify_proof' },
      },
    ])
  },
  'http-transactions-detail-failed.json': () => {
    const tx = decodeTransactionDetail(loadHttp('http-transactions-detail-failed.json').body)
    expect(tx).toMatchObject({
      status: 'FAILED',
      fee: '49000',
      errorMessage: 'Transaction simulation failed: insufficient lamports',
    })
    expect(tx.instructions[0]?.decoded).toEqual({ name: 'transfer', lamports: 4601000000 })
  },
  'http-transactions-detail-null-blocktime.json': () => {
    const tx = decodeTransactionDetail(loadHttp('http-transactions-detail-null-blocktime.json').body)
    expect(tx).toMatchObject({ blockTime: null, slot: '354845106', errorMessage: null })
  },
  'http-transactions-detail-too-short-400.json': () => {
    expect(errorOf(loadHttp('http-transactions-detail-too-short-400.json'))).toMatchObject({
      code: 'HTTP',
      status: 400,
      message: 'signature: String must contain at least 32 character(s)',
    })
  },
  'http-transactions-detail-unknown-404.json': () => {
    expect(errorOf(loadHttp('http-transactions-detail-unknown-404.json'))).toMatchObject({
      code: 'NOT_FOUND',
      serverCode: 'NOT_FOUND',
      message: 'Transaction not found',
    })
  },
}
