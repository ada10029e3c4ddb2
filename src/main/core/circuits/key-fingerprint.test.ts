import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { compareCircuitKeys, keyFingerprint, type CircuitKeyState } from './key-fingerprint'
import { loadSample } from '@test/support/demo-wire'

const state = (id: string, fingerprint: string | null, enabled: boolean | null = true): CircuitKeyState => ({ id, name: `circuit_${id}`, fingerprint, enabled })

describe('a verifying key\'s fingerprint', () => {
  it('is the first 8 bytes of the SHA-256 of the bytes a hex key spells, in groups of four', () => {
    const key = (loadSample('http-circuits-detail').body as { circuit: { verifyingKey: string } }).circuit.verifyingKey
    const expected = createHash('sha256').update(Buffer.from(key, 'hex')).digest('hex').slice(0, 16)
    const fingerprint = keyFingerprint(key)
    expect(fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/)
    expect(fingerprint?.replaceAll(' ', '')).toBe(expected)
    // Case and a 0x prefix do not make another key.
    expect(keyFingerprint(`0x${key.toUpperCase()}`)).toBe(fingerprint)
  })

  it('hashes any other text as UTF-8, and is null for no key', () => {
    expect(keyFingerprint('not hex at all')?.replaceAll(' ', '')).toBe(createHash('sha256').update('not hex at all').digest('hex').slice(0, 16))
    expect(keyFingerprint('')).toBeNull()
    expect(keyFingerprint('   ')).toBeNull()
    expect(keyFingerprint(null)).toBeNull()
  })

  it('differs for keys that differ in one byte', () => {
    expect(keyFingerprint('00ff')).not.toBe(keyFingerprint('00fe'))
  })
})

describe('comparing two reads of the circuits', () => {
  it('finds a changed key and a circuit newly disabled', () => {
    const before = [state('1', 'aaaa'), state('2', 'bbbb'), state('3', 'cccc')]
    const now = [state('1', 'aaaa'), state('2', 'dddd'), state('3', 'cccc', false)]
    expect(compareCircuitKeys(before, now)).toEqual([
      { kind: 'key-changed', id: '2', name: 'circuit_2', before: 'bbbb', after: 'dddd' },
      { kind: 'disabled', id: '3', name: 'circuit_3' },
    ])
  })

  it('finds both on one circuit', () => {
    expect(compareCircuitKeys([state('1', 'aaaa')], [state('1', 'bbbb', false)]).map((change) => change.kind)).toEqual(['key-changed', 'disabled'])
  })

  it('finds nothing when nothing changed, for circuits new or gone, or for a key that could not be read', () => {
    expect(compareCircuitKeys([state('1', 'aaaa')], [state('1', 'aaaa')])).toEqual([])
    expect(compareCircuitKeys([], [state('1', 'aaaa', false)])).toEqual([])
    expect(compareCircuitKeys([state('1', 'aaaa')], [])).toEqual([])
    expect(compareCircuitKeys([state('1', 'aaaa')], [state('1', null)])).toEqual([])
    expect(compareCircuitKeys([state('1', null)], [state('1', 'aaaa')])).toEqual([])
  })

  it('tells a disabled circuit once: still disabled is no news, and enabled again is none', () => {
    expect(compareCircuitKeys([state('1', 'aaaa', false)], [state('1', 'aaaa', false)])).toEqual([])
    expect(compareCircuitKeys([state('1', 'aaaa', false)], [state('1', 'aaaa', true)])).toEqual([])
    // An indexer that did not say before, and says disabled now, is a change.
    expect(compareCircuitKeys([state('1', 'aaaa', null)], [state('1', 'aaaa', false)])).toHaveLength(1)
  })
})
