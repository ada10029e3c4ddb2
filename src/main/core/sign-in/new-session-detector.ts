/**
 * Which of the account's sessions are sign-ins this app did not make and has
 * not told the user about. The first read after a sign-in only learns what
 * is there; every later one reports sessions it has not seen, made after the
 * app's own. Told ids are kept (by the caller) so a restart does not tell
 * them again.
 */
import type { AccountSession } from '@shared/account'

/** Enough for any real account; an indexer listing more cannot make the list grow without bound. */
export const MAX_REMEMBERED_SESSIONS = 200

export class NewSessionDetector {
  private readonly known: Set<string>
  private learned: boolean

  constructor(remembered: readonly string[] = []) {
    this.known = new Set(remembered.slice(-MAX_REMEMBERED_SESSIONS))
    this.learned = this.known.size > 0
  }

  /** The sessions to tell the user about in this read; every listed id is known afterwards. */
  observe(sessions: readonly AccountSession[]): AccountSession[] {
    const own = sessions.find((session) => session.thisApp)
    const fresh = sessions.filter(
      (session) =>
        !session.thisApp &&
        !this.known.has(session.id) &&
        // Made before this app's own session: there already when the user signed in here.
        !(own?.createdAt != null && session.createdAt != null && session.createdAt < own.createdAt),
    )
    const report = this.learned ? fresh : []
    for (const session of sessions) this.known.add(session.id)
    while (this.known.size > MAX_REMEMBERED_SESSIONS) this.known.delete(this.known.values().next().value as string)
    this.learned = true
    return report
  }

  remembered(): string[] {
    return [...this.known]
  }
}
