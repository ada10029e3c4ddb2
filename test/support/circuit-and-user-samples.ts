/**
 * The reference deployment's recorded circuit catalogue, public profile and
 * watched-address answers through the decoders, as cases of the wire-samples
 * test (used by tests only).
 */
import { expect } from 'vitest'
import {
  decodeAccountWatched,
  decodeAccountWatchedList,
  decodeCircuit,
  decodeCircuitList,
  decodePublicProfile,
} from '../../src/main/core/indexer/decode'
import { errorOf, loadHttp } from './wire-sample-files'

export const CIRCUIT_AND_USER_HTTP_CASES: Record<string, () => void> = {
  'http-circuits-list.json': () => {
    const circuits = decodeCircuitList(loadHttp('http-circuits-list.json').body)
    expect(circuits.length).toBeGreaterThanOrEqual(5)
    expect(circuits.slice(0, 5).map((circuit) => [circuit.id, circuit.name, circuit.proofType])).toEqual([
      ['1', 'balance_proof', 'BALANCE'],
      ['2', 'ownership_proof', 'OWNERSHIP'],
      ['3', 'age_proof', 'AGE'],
      ['4', 'membership_proof', 'MEMBERSHIP'],
      ['5', 'custom_circuit', 'CUSTOM'],
    ])
    // `enabled` is what tells a disabled circuit (session/circuit-watch.ts).
    expect(circuits.slice(0, 5).map((circuit) => circuit.enabled)).toEqual([true, true, true, true, true])
  },
  'http-get-users-pubkey.json': () => {
    expect(decodePublicProfile(loadHttp('http-get-users-pubkey.json').body)).toMatchObject({ pubkey: 'Hy7JnnvxCBm766tHcey3MsWpijWwVQazEuwc2ULiyQPu', displayName: 'ref_tester', proofCount: '93' })
  },
  'http-circuits-detail.json': () => {
    const circuit = decodeCircuit(loadHttp('http-circuits-detail.json').body)
    expect(circuit).toEqual({ id: '4', name: 'membership_proof', proofType: 'MEMBERSHIP', description: 'Prove membership in a Merkle-committed allowlist.', enabled: true })
  },
  'http-users-me-watched.json': () => {
    const watched = decodeAccountWatchedList(loadHttp('http-users-me-watched.json').body)
    expect(watched.map((entry) => [entry.pubkey, entry.label])).toEqual([
      ['5GvxbuTAmGEmSaXgRKGu3NNRcB1GAQCRG1YtuMYmNpZr', 'zkHelios treasury'],
      ['kvmCrkTANkhnoq3ab3T7qNawCJWUeFmHQP97GXNeJdw', 'friend'],
      ['AVqyfWShNxnrvMXXfMxQTKwE97wNygXBSnJEArFCqgz', 'whale prover'],
    ])
    expect(watched[0]).toEqual({ id: 'cmwv0pridcnry1jcpxcfe2je9', pubkey: '5GvxbuTAmGEmSaXgRKGu3NNRcB1GAQCRG1YtuMYmNpZr', label: 'zkHelios treasury', createdAt: Date.parse('2026-11-10T18:18:18.328Z') })
  },
  'http-post-users-me-watched.json': () => {
    expect(decodeAccountWatched(loadHttp('http-post-users-me-watched.json').body)).toEqual({
      id: 'cmwyiq1o00007c07d2hol7xht',
      pubkey: 'AuN8MLqjKPQMfD8Uk9AYG2TayU8jH1bSV1r1ufXNNtC2',
      label: 'wire-diff',
      createdAt: Date.parse('2026-11-27T05:05:43.152Z'),
    })
  },
  'http-post-users-me-watched-409.json': () => {
    expect(errorOf(loadHttp('http-post-users-me-watched-409.json'))).toMatchObject({ status: 409, serverCode: 'CONFLICT', message: 'Address already watched' })
    expect(() => decodeAccountWatched(loadHttp('http-post-users-me-watched-409.json').body)).toThrow()
  },
}
