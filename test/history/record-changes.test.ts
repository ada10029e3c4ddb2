/**
 * A stored proof that changes under its id (revoked, authority, circuit) is
 * told to whoever keeps the cache once the write commits: before, the new
 * copy replaced the old one without a word.
 */
import { describe, expect, it } from 'vitest'
import type { RecordChange } from '../../src/main/core/history/history-writer'
import { testProof } from '../support/history-test-data'
import { openStore, tempDir } from '../support/temp-dir'

const INDEXER = 'http://127.0.0.1:8787'

async function changesAfter(writes: Array<Record<string, unknown>>): Promise<RecordChange[]> {
  const store = openStore({ dir: tempDir() })
  const seen: RecordChange[] = []
  store.onRecordChanged((changes) => seen.push(...changes))
  const history = store.forIndexer(INDEXER)
  for (const extra of writes) {
    history.recordProofs([testProof(1, { extra })])
    await store.flush()
  }
  await new Promise((resolve) => setImmediate(resolve))
  await store.close()
  return seen
}

describe('a stored proof that changes under its id', () => {
  it('is told when it becomes revoked, with what it was and is', async () => {
    const changes = await changesAfter([{ revoked: false }, { revoked: true }])
    expect(changes.map(({ field, before, after }) => ({ field, before, after }))).toEqual([{ field: 'revoked', before: false, after: true }])
    expect(changes[0]!.proofAccount).toBe(testProof(1).proofAccount)
    expect(changes[0]!.proof.revoked).toBe(true)
  })

  it('is told when its authority or circuit changes', async () => {
    const other = 'Other111111111111111111111111111111111111111'
    const changes = await changesAfter([{}, { authority: other, circuitId: 'circuit-x' }])
    expect(changes.map((change) => change.field).sort()).toEqual(['authority', 'circuitId'])
    expect(changes.find((change) => change.field === 'authority')?.after).toBe(other)
    expect(changes.some((change) => change.field === 'revoked')).toBe(false)
  })

  it('says nothing for the same record written again, a first write, or a field that was unknown', async () => {
    expect(await changesAfter([{ revoked: false }, { revoked: false }, { revoked: false, note: 'more' }])).toEqual([])
    expect(await changesAfter([{ revoked: null }, { revoked: true }])).toEqual([])
  })
})
