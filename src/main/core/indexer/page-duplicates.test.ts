import { describe, expect, it } from 'vitest'
import { dedupeById } from './page-duplicates'

const proof = (proofAccount: string, slotVerified: string | null, tag = '') => ({ proofAccount, slotVerified, tag })

describe('dedupeById', () => {
  it('keeps one copy per id, the highest slot, where the id first appeared', () => {
    const page = [proof('A', '10', 'a-low'), proof('B', '7'), proof('A', '12', 'a-high'), proof('A', '11', 'a-mid')]
    const result = dedupeById(page, (p) => p.proofAccount, (p) => p.slotVerified)
    expect(result.items.map((p) => `${p.proofAccount}:${p.tag || p.slotVerified}`)).toEqual(['A:a-high', 'B:7'])
    expect(result).toMatchObject({ repeated: ['A'], dropped: 2 })
  })

  it('compares slots past 2^53 exactly, and prefers a slot over none', () => {
    const page = [proof('A', '9007199254740993', 'first'), proof('A', '9007199254740994', 'second'), proof('C', null, 'none'), proof('C', '1', 'one')]
    expect(dedupeById(page, (p) => p.proofAccount, (p) => p.slotVerified).items.map((p) => p.tag)).toEqual(['second', 'one'])
  })

  it('keeps the first copy when there are no slots, and hands a page without repeats back as it was', () => {
    const notifications = [{ id: 'n1', title: 'first' }, { id: 'n1', title: 'second' }]
    expect(dedupeById(notifications, (n) => n.id).items).toEqual([{ id: 'n1', title: 'first' }])
    const clean = [proof('A', '1'), proof('B', '2')]
    expect(dedupeById(clean, (p) => p.proofAccount)).toEqual({ items: clean, repeated: [], dropped: 0 })
  })
})
