import { describe, expect, it } from 'vitest'
import type { CircuitChange } from '../session/circuit-watch'
import { circuitChangeEntry } from './circuit-entries'
import { evaluateRules } from './rules'
import { DEFAULT_NOTIFICATION_RULES } from '@shared/notification-rules'

const none: CircuitChange = { added: [], removed: [], renamed: [], disabled: [], enabled: [] }
const names: Record<string, string> = { '1': 'balance_proof', '2': 'ownership_proof', '9': 'new_proof' }
const describeCircuit = (id: string) => names[id] ?? `Circuit #${id}`

describe('circuitChangeEntry', () => {
  it('makes one entry for a circuit disabled that the user’s or watched proofs use', () => {
    const made = circuitChangeEntry({ ...none, disabled: ['1'] }, new Set(['1', '3']), 1000, describeCircuit)
    expect(made?.entry).toMatchObject({ kind: 'CIRCUITS_CHANGED', title: 'Circuit disabled', read: false, receivedAt: 1000, subject: { kind: 'circuit', id: '1' } })
    expect(made?.entry.body).toContain('balance_proof no longer accepted')
    expect(made?.candidate).toMatchObject({ source: 'circuits', circuitId: '1', route: '/watchlist?circuit=1' })
  })

  it('says nothing of a circuit disabled that nothing the user follows uses, nor of renames, drops or re-enabling', () => {
    expect(circuitChangeEntry({ ...none, disabled: ['2'], renamed: ['1'], removed: ['4'], enabled: ['5'] }, new Set(['1']), 1000, describeCircuit)).toBeNull()
  })

  it('makes one entry for circuits added, and one for an add and a disable together', () => {
    const added = circuitChangeEntry({ ...none, added: ['9', '10'] }, new Set(), 1000, describeCircuit)
    expect(added?.entry.title).toBe('2 circuits added')
    expect(added?.entry.body).toBe('New on the indexer: new_proof, Circuit #10')
    expect(added?.entry.subject).toBeNull()
    expect(added?.candidate.circuitId).toBeNull()
    const both = circuitChangeEntry({ ...none, added: ['9'], disabled: ['1', '2'] }, new Set(['1', '2']), 2000, describeCircuit)
    expect(both?.entry.title).toBe('Circuits changed')
    expect(both?.entry.body).toBe('balance_proof, ownership_proof no longer accepted by the indexer; proofs you follow use them. New on the indexer: new_proof')
    expect(both?.entry.id).not.toBe(added?.entry.id)
  })

  it('survives JSON and is judged by the circuits switch of the rules', () => {
    const made = circuitChangeEntry({ ...none, disabled: ['1'] }, new Set(['1']), 1000, describeCircuit)!
    expect(JSON.parse(JSON.stringify(made.entry))).toEqual(made.entry)
    expect(structuredClone(made.entry)).toEqual(made.entry)
    const off = { ...DEFAULT_NOTIFICATION_RULES, sources: { ...DEFAULT_NOTIFICATION_RULES.sources, circuits: false } }
    expect(evaluateRules(made.candidate, off, 600)).toEqual({ notify: false, reason: 'source-off' })
    expect(evaluateRules(made.candidate, DEFAULT_NOTIFICATION_RULES, 600, { addresses: new Set(), circuits: new Set(['1']) })).toEqual({ notify: false, reason: 'muted' })
  })
})
