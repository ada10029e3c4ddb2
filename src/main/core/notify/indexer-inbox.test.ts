import { describe, expect, it } from 'vitest'
import type { AppNotification, Page } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { silentLogger } from '../log/log'
import { IndexerInbox, isIndexerNotificationId, type InboxSource } from './indexer-inbox'
import { notification } from '@test/support/notify-fixtures'
import { ManualClock } from '@test/support/manual-clock'
import type { ErrorInfo } from '@shared/domain'

/** The indexer's list in memory, newest first, pages of `limit`, with failures on cue. */
function listSource(items: AppNotification[]) {
  const posted: string[] = []
  let failing: ProofWatchError | null = null
  let failPosts = 0
  const source: InboxSource = {
    async notifications({ cursor, limit = 100 }): Promise<Page<AppNotification>> {
      if (failing) throw failing
      const start = cursor ? items.findIndex((item) => item.id === cursor) + 1 : 0
      const page = items.slice(start, start + limit)
      return { items: page, nextCursor: start + limit < items.length ? page.at(-1)!.id : null, total: String(items.length) }
    },
    async markNotificationRead(id) {
      if (failPosts-- > 0) throw new ProofWatchError({ code: 'UNREACHABLE', message: 'down' })
      posted.push(id)
    },
    async markAllNotificationsRead() {
      posted.push('all')
    },
  }
  return { source, posted, fail: (error: ProofWatchError | null) => (failing = error), failPosts: (count: number) => (failPosts = count) }
}

describe('IndexerInbox', () => {
  it('walks newest first down to the first entry held, and hands on what is new and what was read there', async () => {
    const items = Array.from({ length: 7 }, (_, index) => notification(`n${7 - index}`, { read: index === 5 }))
    const { source } = listSource(items)
    const held = new Map([['n2', false], ['n1', false]])
    const delivered: Array<[string[], string[], string[], boolean]> = []
    const inbox = new IndexerInbox({
      source,
      pageSize: 2,
      held: async (ids) => new Map(ids.filter((id) => held.has(id)).map((id) => [id, held.get(id)!])),
      deliver: (fresh, known, readThere, initial) => delivered.push([fresh.map((n) => n.id), known.map((n) => n.id), readThere, initial]),
      log: silentLogger,
    })
    await inbox.sync()
    // The page holding n2 is the last one read: n1 is never asked for.
    expect(delivered).toEqual([[['n3', 'n4', 'n5', 'n6', 'n7'], ['n2'], ['n2'], false]])
    expect(inbox.status).toBe('available')
  })

  it('takes a 404 as no list at all and a 401 as a sign-in to come, and keeps read marks that failed for the next sync', async () => {
    const list = listSource([notification('n1')])
    const unauthorized: string[] = []
    const inbox = new IndexerInbox({
      source: list.source,
      held: async () => new Map(),
      deliver: () => undefined,
      log: silentLogger,
      onUnauthorized: (problem) => void unauthorized.push(problem.serverCode ?? ''),
    })
    list.fail(new ProofWatchError({ code: 'HTTP', status: 401, serverCode: 'AUTH_SESSION_EXPIRED', message: 'Session expired' }))
    await inbox.sync()
    expect(inbox.status).toBe('sign-in-needed')
    // Told to whoever keeps the sign-in, which says it once.
    expect(unauthorized).toEqual(['AUTH_SESSION_EXPIRED'])
    list.fail(null)
    list.failPosts(1)
    await inbox.sync()
    inbox.markRead(['n1', 'USER_PROOF:abc'])
    await new Promise((resolve) => setImmediate(resolve))
    expect(list.posted).toEqual([])
    await inbox.sync()
    expect(list.posted).toEqual(['n1'])
    list.fail(new ProofWatchError({ code: 'NOT_FOUND', status: 404, message: 'Route not found' }))
    await inbox.sync()
    expect(inbox.status).toBe('absent')
    inbox.markRead('all')
    expect(list.posted).toEqual(['n1'])
  })

  it('stops at the first cursor it was given twice, instead of following a loop to the page limit', async () => {
    for (const next of [() => 'same', (cursor?: string) => cursor ?? 'first', (cursor?: string) => (cursor === 'a' ? 'b' : 'a')]) {
      let asked = 0
      const warnings: string[] = []
      const inbox = new IndexerInbox({
        source: {
          notifications: async ({ cursor }) => ({ items: [notification(`n${asked++}`)], nextCursor: next(cursor), total: null }),
          markNotificationRead: async () => undefined,
          markAllNotificationsRead: async () => undefined,
        },
        held: async () => new Map(),
        deliver: () => undefined,
        log: { ...silentLogger, warn: (message: string) => void warnings.push(message) },
      })
      await inbox.sync()
      expect(asked).toBeLessThanOrEqual(3)
      expect(warnings).toEqual([expect.stringMatching(/gave a cursor it had already given \(after \d pages\): stopped/)])
    }
  })

  it('shows a read mark that did not reach the indexer, and sends it again after 5 s, 15 s, 60 s', async () => {
    const list = listSource([notification('n1')])
    const clock = new ManualClock()
    const problems: ErrorInfo[] = []
    const logged: string[] = []
    const log = { ...silentLogger, warn: (_message: string, details?: unknown) => void logged.push((details as ErrorInfo).message) }
    const inbox = new IndexerInbox({ source: list.source, held: async () => new Map([['n1', false]]), deliver: () => undefined, log, clock, onReadFailed: (p) => void problems.push(p) })
    await inbox.sync()
    list.failPosts(3)
    inbox.markRead(['n1'])
    const settle = () => new Promise((resolve) => setImmediate(resolve))
    await settle()
    expect(problems.map((p) => p.message)).toEqual(['Could not mark notifications read on the indexer: down (trying again in 5 s)'])
    clock.advance(4_999)
    await settle()
    expect(problems).toHaveLength(1)
    clock.advance(1)
    await settle()
    expect(logged.at(-1)).toMatch(/trying again in 15 s\)$/)
    clock.advance(15_000)
    await settle()
    expect(logged.at(-1)).toMatch(/trying again in 1 min\)$/)
    expect(list.posted).toEqual([])
    clock.advance(60_000)
    await settle()
    expect(list.posted).toEqual(['n1'])
    expect(clock.pending).toBe(0)
    // The page is told once per run of failures; the log has each.
    expect(problems).toHaveLength(1)
    expect(logged).toHaveLength(3)
  })

  it('knows its own ids from the indexer’s', () => {
    expect(['cmwv1bpb6b4zrdrz9vf561g1i', 'HEALTH:stalled:1', 'ADDRESS_TRANSACTION:a:b'].map(isIndexerNotificationId)).toEqual([true, false, false])
  })
})
