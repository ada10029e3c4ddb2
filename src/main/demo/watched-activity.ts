/**
 * "Watched address activity", as the reference deployment's notification
 * sender makes it: when a proof is verified, a `SYSTEM` notice to every user
 * whose server-side watchlist holds the proof's authority — for proofs only,
 * never for other transactions — and at most 100 in-app notices per user per
 * (UTC) day. The notice is kept in the user's list and handed back for the
 * socket; nothing else sees it.
 */
import { randomBytes } from 'node:crypto'
import type { NotificationInbox } from './notification-inbox'
import type { NotificationRecord, ProofRecord } from './records'
import type { WatchedAddresses } from './watched-addresses'

export const WATCHED_ACTIVITY_TITLE = 'Watched address activity'
export const DAILY_IN_APP_LIMIT = 100
const DAY_MS = 24 * 60 * 60_000

export class WatchedActivity {
  /** user → [day number, notices sent that day]. */
  private readonly sentToday = new Map<string, [number, number]>()

  constructor(
    private readonly watched: WatchedAddresses,
    private readonly inbox: NotificationInbox,
  ) {}

  /** The notices a verified proof raises, each already in the inbox. */
  proofVerified(proof: ProofRecord): NotificationRecord[] {
    const watchers = this.watched.watchersOf(proof.authority)
    if (watchers.size === 0) return []
    const day = Math.floor(proof.timeMs / DAY_MS)
    const raised: NotificationRecord[] = []
    for (const user of watchers) {
      const [sentDay, count] = this.sentToday.get(user) ?? [day, 0]
      const sent = sentDay === day ? count : 0
      if (sent >= DAILY_IN_APP_LIMIT) continue
      this.sentToday.set(user, [day, sent + 1])
      const record: NotificationRecord = {
        // Not drawn from the network's seeded stream: watchers must not change what the network publishes.
        id: randomBytes(13).toString('hex').slice(0, 25),
        type: 'SYSTEM',
        title: WATCHED_ACTIVITY_TITLE,
        body: `${proof.authority.slice(0, 8)}… verified a proof.`,
        timeMs: proof.timeMs,
        subject: { kind: 'address', id: proof.authority },
        recipient: user,
      }
      this.inbox.add(record)
      raised.push(record)
    }
    return raised
  }
}
