/** The account's "Watched address activity" notice and the app's own entry for the same address are one entry. */
import { describe, expect, it } from 'vitest'
import type { AppNotification } from '@shared/domain'
import type { NotifyCandidate } from './candidates'
import { EntryBuilder } from './entry-builder'
import { WATCHED_ACTIVITY_TITLE } from './burst-groups'
import { ManualClock } from '@test/support/manual-clock'
import { addressTransaction, notification } from '@test/support/notify-fixtures'

const A = 'AVqyfWShNxnrvMXXfMxQTKwE97wNygXBSnJEArFCqgz'
const B = '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr'

function setup(watched: readonly string[] = [A]) {
  const clock = new ManualClock(1_000_000)
  const rows = new Map<string, AppNotification>()
  const candidates: NotifyCandidate[] = []
  const builder = new EntryBuilder({
    clock,
    describeAddress: (pubkey) => (pubkey === A ? 'Treasury' : `${pubkey.slice(0, 4)}…`),
    followsAddress: (pubkey) => watched.includes(pubkey),
    emit: (entries, found) => {
      for (const entry of entries) rows.set(entry.id, entry)
      candidates.push(...found)
    },
    remove: (ids) => {
      for (const id of ids) rows.delete(id)
    },
  })
  return { clock, rows, candidates, builder }
}

/** As the indexer sends it in its list (with data.url) or on the socket (without; then no address is known). */
function watchedActivity(id: string, address: string): AppNotification {
  return notification(id, {
    kind: 'SYSTEM',
    title: WATCHED_ACTIVITY_TITLE,
    body: `${address.slice(0, 8)}… verified a proof.`,
    raw: { id, data: { url: `http://127.0.0.1:1/explorer/address/${address}` } },
  })
}

describe('the account notice about a watched address and the app entry for it', () => {
  it('are one entry when the app saw the transaction first, which takes the notice id', () => {
    const { builder, rows, clock } = setup()
    builder.addressTransactions([addressTransaction(A, 'sig1')])
    clock.advance(2_000)
    builder.notifications([watchedActivity('n1', A)])
    expect([...rows.keys()]).toEqual(['n1'])
    const entry = rows.get('n1')!
    expect(entry).toMatchObject({ kind: 'ADDRESS_TRANSACTION', topic: { kind: 'address', id: A }, group: { count: 1 } })
    expect(entry.body).toContain('Treasury verified a proof')
  })

  it('are one entry when the notice came first, and its copy from the list adds nothing', () => {
    const { builder, rows, candidates, clock } = setup()
    builder.notifications([watchedActivity('n1', A)])
    expect(rows.get('n1')).toMatchObject({ title: WATCHED_ACTIVITY_TITLE, body: 'Treasury verified a proof.' })
    clock.advance(1_000)
    builder.addressTransactions([addressTransaction(A, 'sig1')])
    builder.notifications([watchedActivity('n1', A)], false)
    expect([...rows.keys()]).toEqual(['n1'])
    expect(rows.get('n1')).toMatchObject({ title: 'New transaction on Treasury', group: { count: 1 } })
    // One pop-up for the notice, one for the transaction the app saw: never one per copy.
    expect(candidates.map((candidate) => candidate.source)).toEqual(['addresses', 'addresses'])
  })

  it('stays an entry of its own for an address only the account watches', () => {
    const { builder, rows } = setup([])
    builder.notifications([watchedActivity('n1', B)])
    expect(rows.get('n1')).toMatchObject({ kind: 'SYSTEM', title: WATCHED_ACTIVITY_TITLE, subject: { kind: 'address', id: B } })
  })
})
