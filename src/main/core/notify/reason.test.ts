import { describe, expect, it } from 'vitest'
import type { AppNotification } from '@shared/domain'
import { notificationText } from '@shared/notification-text'
import type { NotifyCandidate } from './candidates'
import { EntryBuilder } from './entry-builder'
import { healthEntry } from './health-entries'
import { reasonText } from './reason'
import { Digest, noticeFor } from './summary'
import { ManualClock } from '@test/support/manual-clock'
import { addressTransaction, circuitProof, notification, proof } from '@test/support/notify-fixtures'

const A = 'AVqyfWShNxnrvMXXfMxQTKwE97wNygXBSnJEArFCqgz'
const P1 = 'C5sc79uMefLdssJRxyapWYygb67DyCApAbQrnqKAdWK3'

function setup() {
  const clock = new ManualClock(1_000_000)
  const rows = new Map<string, AppNotification>()
  const candidates: NotifyCandidate[] = []
  const builder = new EntryBuilder({
    clock,
    describeAddress: (pubkey) => (pubkey === A ? '5nrh…shmy' : pubkey.slice(0, 4)),
    describeCircuit: (id) => `Circuit #${id}`,
    emit: (entries, found) => {
      for (const entry of entries) rows.set(entry.id, entry)
      candidates.push(...found)
    },
    remove: () => {},
  })
  return { clock, rows, candidates, builder }
}

describe('reasons: why an entry or a pop-up is there', () => {
  it('words each source, and a burst', () => {
    expect(reasonText({ source: 'addresses', watched: { kind: 'address', name: '5nrh…shmy' }, grouped: 12 })).toBe(
      "because you watch 5nrh…shmy · rule 'Watched addresses' · burst of 12 grouped",
    )
    expect(reasonText({ source: 'circuits', watched: { kind: 'circuit', name: 'Circuit #3' } })).toBe("because you follow Circuit #3 · rule 'Followed circuits'")
    expect(reasonText({ source: 'userProofs' })).toBe("because it is your proof · rule 'My new and verified proofs'")
    expect(reasonText({ source: 'notifications' })).toBe("because the indexer sent it to your account · rule 'Indexer notifications'")
    expect(reasonText({ source: 'health' })).toBe("rule 'Health alerts'")
    expect(reasonText({ source: 'health', revoked: true })).toBe("because your proof was revoked · rule 'Health alerts'")
  })

  it('gives every entry the builder makes its reason, naming the rule', () => {
    const { builder, rows, clock } = setup()
    for (let index = 0; index < 12; index++) builder.addressTransactions([addressTransaction(A, `sig${index}`)])
    builder.circuitProofs([circuitProof('3', P1)])
    builder.notifications([notification('sys', { kind: 'SYSTEM' })])
    builder.notifications([notification('rev', { kind: 'PROOF_REVOKED', raw: { id: 'rev', data: { url: `https://x.example/explorer/proof/${P1}` } } })])
    builder.userProofs([proof('Own1')])
    clock.advance(10_000)
    const reasons = Object.fromEntries([...rows.values()].map((row) => [row.kind, row.reason]))
    expect(reasons.ADDRESS_TRANSACTION).toEqual({ source: 'addresses', text: "because you watch 5nrh…shmy · rule 'Watched addresses' · burst of 12 grouped" })
    expect(reasons.CIRCUIT_PROOF).toEqual({ source: 'circuits', text: "because you follow Circuit #3 · rule 'Followed circuits'" })
    expect(reasons.SYSTEM?.source).toBe('notifications')
    expect(reasons.PROOF_REVOKED).toEqual({ source: 'health', text: "because your proof was revoked · rule 'Health alerts'" })
    expect(reasons.USER_PROOF?.source).toBe('userProofs')
    expect(healthEntry({ kind: 'unreachable', at: 5, title: 'Indexer unreachable', body: 'For 5 minutes' }).entry.reason?.source).toBe('health')
  })

  it('puts the reason on the pop-up as the last line of its body, cleaned', () => {
    const { builder, candidates } = setup()
    builder.addressTransactions([addressTransaction(A, 'sig1', 'FAILED')])
    const digest = new Digest()
    digest.add(candidates[0]!)
    const notice = noticeFor(digest)
    expect(notice.reason).toBe("because you watch 5nrh…shmy · rule 'Watched addresses'")
    expect(notificationText(notice).body).toBe(`5nrh…shmy: sig1\nbecause you watch 5nrh…shmy · rule 'Watched addresses'`)
    // A reason never adds lines of its own.
    expect(notificationText({ title: 't', body: 'b', reason: 'one\nline\u202e' }).body).toBe('b\none line')
  })
})
