import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import { writeExport } from './export'
import { HistoryCache } from './history-cache'
import { MEMORY_PATH } from './database'
import { testProof, testProofSummary } from '@test/support/history-test-data'

let store: HistoryCache | null = null
afterEach(async () => {
  await store?.close()
  store = null
})

async function exported(filter: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  store = HistoryCache.open({ path: MEMORY_PATH })
  const history = store.forIndexer('http://127.0.0.1:8787')
  // Every 13th is revoked; the last one was seen only on the socket, without a circuit name.
  history.recordProofs(Array.from({ length: 40 }, (_, index) => testProof(index)))
  history.recordProofSummaries([testProofSummary(100, { circuitId: 9 })])
  history.recordCircuits([{ id: '9', name: 'nine_proof', proofType: 'AGE', description: null }])
  await store.flush()
  let text = ''
  const out = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk)
      done()
    },
  })
  await writeExport(history, { kind: 'proofs', format: 'json', filter }, out)
  return JSON.parse(text) as Record<string, unknown>[]
}

describe('proof exports with the list filters', () => {
  it('apply the state filter, which is not a column of the cache', async () => {
    const revoked = await exported({ state: 'revoked' })
    expect(revoked.map((row) => row.proofAccount)).toEqual([39, 26, 13, 0].map((index) => testProof(index).proofAccount))
    const verified = await exported({ state: 'verified' })
    expect(verified.every((row) => row.verified === true && row.revoked === false)).toBe(true)
    expect(verified).toHaveLength(36)
  })

  it('apply the circuit filter, and name a circuit the record does not', async () => {
    const nine = await exported({ circuitId: '9' })
    expect(nine.map((row) => [row.circuitId, row.circuitName])).toEqual([['9', 'nine_proof']])
  })

  it('refuse a state they do not know', async () => {
    await expect(exported({ state: 'pending' })).rejects.toThrow(/verified or revoked/)
  })
})
