import { describe, expect, it } from 'vitest'
import { DEMO_CIRCUITS, DEMO_WALLET, circuitById, type DemoCircuit } from './catalog'
import { DemoNetwork } from './network'
import { SYSTEM_NOTICES, circuitNotificationText, type CircuitNotificationKind } from './notification-text'
import type { DemoNotificationKind, NotificationRecord } from './records'

const CIRCUIT_KINDS: readonly CircuitNotificationKind[] = ['PROOF_VERIFIED', 'PROOF_REVOKED', 'CIRCUIT_REGISTERED']
const ALL_KINDS: readonly DemoNotificationKind[] = [...CIRCUIT_KINDS, 'SYSTEM']

/** A capitalised line with no "a" before a vowel, no "an" before a consonant and no snake_case name. */
function expectPlainEnglish(line: string): void {
  expect(line).toMatch(/^[A-Z]/)
  expect(line).not.toMatch(/\ba [aeiou]/i)
  expect(line).not.toMatch(/\ban [^aeiou\W]/i)
  expect(line).not.toMatch(/[a-z0-9]_[a-z0-9]/i)
  for (const circuit of DEMO_CIRCUITS) expect(line).not.toContain(circuit.name)
}

function circuit(id: number): DemoCircuit {
  const found = circuitById(id)
  if (found === undefined) throw new Error(`no circuit ${id}`)
  return found
}

describe('notification text', () => {
  it.each(DEMO_CIRCUITS.map((each) => [each.name, each] as const))('reads as plain English for %s', (_name, each) => {
    expect(each.proofLabel).toMatch(/^[A-Za-z ]+ proof$/)
    for (const kind of CIRCUIT_KINDS) {
      const text = circuitNotificationText(kind, each)
      expectPlainEnglish(text.title)
      expectPlainEnglish(text.body)
      expect(text.body).toContain(each.proofLabel)
    }
  })

  it('says what happened to whose proof', () => {
    expect(circuitNotificationText('PROOF_VERIFIED', circuit(3))).toEqual({ title: 'Proof verified', body: 'Your age proof was verified' })
    expect(circuitNotificationText('PROOF_REVOKED', circuit(4))).toEqual({
      title: 'Proof revoked',
      body: 'Your membership proof was revoked',
    })
    expect(circuitNotificationText('CIRCUIT_REGISTERED', circuit(6))).toEqual({
      title: 'Circuit registered',
      body: 'New circuit registered: DAO voter membership proofs can now be verified',
    })
    expect(circuitNotificationText('PROOF_VERIFIED', circuit(5)).body).toBe('Your custom circuit proof was verified')
  })

  it('gives every circuit a label of its own', () => {
    expect(new Set(DEMO_CIRCUITS.map((each) => each.proofLabel)).size).toBe(DEMO_CIRCUITS.length)
  })

  it('words the system notices as plain English too', () => {
    expect(SYSTEM_NOTICES.length).toBeGreaterThan(1)
    for (const notice of SYSTEM_NOTICES) {
      expectPlainEnglish(notice.title)
      expectPlainEnglish(notice.body)
    }
  })

  it('is what every notification of the network says', () => {
    const network = new DemoNetwork({ startTime: 0, clock: () => 0 })
    const sent: NotificationRecord[] = []
    for (const each of DEMO_CIRCUITS) {
      const published = network.publishProof({ authority: DEMO_WALLET, circuitId: each.id })
      const revoked = network.revokeProof(published.proof.proofAccount)
      expect(published.notification?.body).toBe(circuitNotificationText('PROOF_VERIFIED', each).body)
      expect(revoked?.notification?.body).toBe(circuitNotificationText('PROOF_REVOKED', each).body)
      sent.push(published.notification as NotificationRecord, revoked?.notification as NotificationRecord)
    }
    for (let round = 0; round < 20; round++) for (const kind of ALL_KINDS) sent.push(network.publishNotification(kind))
    expect(new Set(sent.filter((each) => each.type === 'SYSTEM').map((each) => each.title)).size).toBeGreaterThan(1)
    for (const notification of sent) {
      expectPlainEnglish(notification.title)
      expectPlainEnglish(notification.body)
    }
  })
})
