/**
 * A hostile indexer's values against serve mode with a page open: answers
 * far larger than the `limit` asked, notification text meant to fool the
 * eye, a cursor that loops, dates outside any calendar, and ids that repeat
 * or change under the same name. Each case checks that serve mode lives,
 * that the page still gets answers, that nothing is shown or kept as it
 * came without a word (a "silent change"), and that no credential leaks.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import type { BridgeEvent, SocketReply } from '@shared/bridge'
import type { AppNotification, Page as ListPage } from '@shared/domain'
import type { Notice } from '@shared/notice'
import { AuthClient } from '../../src/main/core/indexer/auth-client'
import { waitFor } from '../support/wait-for'
import { startHostileIndexer } from './hostile-indexer'
import { livesThrough, problems, watchCrashes, watchingPerTest, type Watching } from './serve-fixture'

const crashWatch = watchCrashes()
const SECRET = 'valuesCookieSecret4b2e'
let tried = 0
let survived = 0
let leaks = 0
/** Inputs whose effect reached the page or the cache with nothing said about it. */
let silentChanges = 0

afterAll(() => {
  crashWatch.stop()
  console.log(`hostile values against serve mode: ${tried} inputs, ${survived} survived, ${crashWatch.crashes.length} crashes, ${leaks} leaks, ${silentChanges} silent changes`)
})

/** Serve mode signed in to a hostile indexer (a session cookie), with a page open; `prepare` scripts the indexer first. */
const watching = watchingPerTest(`cookie:zk_session=${SECRET}`)

function notices(events: BridgeEvent[]): Notice[] {
  return events.filter((e) => e.event === 'notice').flatMap((e) => e.payload as Notice[])
}

/**
 * Counts one hostile input: serve mode did not crash, the page still gets
 * answers, the session cookie is in nothing the page received or the log
 * wrote, and `told` (when given) says the input was noticed: false counts a
 * silent change.
 */
async function survives(w: Watching, run: () => Promise<void>, told: () => boolean = () => true): Promise<void> {
  tried++
  const shown = await livesThrough(w, crashWatch.crashes, run)
  if (shown.includes(SECRET)) leaks++
  expect(shown).not.toContain(SECRET)
  const said = told()
  if (!said) silentChanges++
  expect(said).toBe(true)
  survived++
}

type Answer = (request: IncomingMessage, response: ServerResponse) => void

function json(body: unknown): Answer {
  const text = JSON.stringify(body)
  return (_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' })
    response.end(text)
  }
}

function wireNotification(index: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: `n${String(index).padStart(7, '0')}`,
    type: 'SYSTEM',
    title: `Notice ${index}`,
    body: 'Something happened on the indexer.',
    read: false,
    createdAt: new Date(Date.UTC(2026, 10, 24) - index * 1000).toISOString(),
    ...extra,
  }
}

async function centre(w: Watching): Promise<AppNotification[]> {
  const reply = (await w.page.call('listNotifications', { limit: 200 })) as SocketReply & { result?: ListPage<AppNotification> }
  return reply.result?.items ?? []
}

const notificationRequests = (w: Watching) => w.indexer.seen.filter((seen) => seen.path === '/api/notifications')

describe('hostile indexer values against serve mode', () => {
  describe('an answer far past the limit asked', () => {
    it('trims a notification page of 200,000 items to the limit, says so once, and keeps answering the page meanwhile', async () => {
      // About 85 bytes each: 17 MB, under the 20 MB body cap, as the red team sent it.
      // Encoded once here, as bytes (the items themselves let go): the indexer's own work must not count in the delay measured below.
      const item = (index: number) => JSON.stringify({ id: `n${String(index).padStart(7, '0')}`, type: 'SYSTEM', title: `Notice ${index}`, body: 'x', read: false })
      const body = Buffer.from(`{"ok":true,"items":[${Array.from({ length: 200_000 }, (_, index) => item(index)).join(',')}],"nextCursor":null}`)
      expect(body.byteLength).toBeLessThan(20 * 1024 * 1024)
      let asked = false
      const w = await watching((indexer) =>
        indexer.answer(/^\/api\/notifications$/, (_request, response) => {
          asked = true
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(body)
        }),
      )
      const delay = monitorEventLoopDelay({ resolution: 10 })
      await survives(
        w,
        async () => {
          await waitFor(() => asked)
          delay.enable()
          // Another request while the oversized page is read: it must be answered.
          const other = (await w.page.call('getOverview', { source: 'network' })) as SocketReply
          expect(other).toHaveProperty('result')
          await waitFor(() => w.log.lines.some((line) => /200000 notifications where 100 were asked: trimmed/.test(line)))
          delay.disable()
          console.log(`hostile values: event-loop delay while 200,000 notifications arrived: max ${(delay.max / 1e6).toFixed(0)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(0)} ms`)
          const held = await centre(w)
          expect(held.length).toBeGreaterThan(0)
          expect(held.length).toBeLessThanOrEqual(100)
          expect(w.log.lines.filter((line) => /200000 notifications where 100 were asked: trimmed/.test(line))).toHaveLength(1)
        },
        () => w.log.lines.some((line) => /trimmed/.test(line)),
      )
    })

    const lists: Array<[string, RegExp, string, (count: number) => unknown, unknown[]]> = [
      ['a proof list', /^\/api\/proofs$/, 'listProofs', (count) => ({ ok: true, items: Array.from({ length: count }, (_, i) => ({ proofAccount: `Pr00f${String(i).padStart(39, '0')}`, slot: String(1000 + i), slotVerified: String(1000 + i) })) }), [{ limit: 20 }, { source: 'network' }]],
      ['a transaction list', /^\/api\/transactions$/, 'listTransactions', (count) => ({ ok: true, items: Array.from({ length: count }, (_, i) => ({ signature: `S1g${String(i).padStart(85, '0')}`, slot: String(1000 + i) })) }), [{ limit: 20 }, { source: 'network' }]],
    ]
    for (const [name, path, method, body, args] of lists) {
      it(`trims ${name} of 50,000 items to the 20 asked, and says so`, async () => {
        const w = await watching((indexer) => indexer.answer(path, json(body(50_000))))
        await survives(
          w,
          async () => {
            const reply = (await w.page.call(method, ...args)) as SocketReply & { result?: { items: unknown[] } }
            expect(reply.result?.items).toHaveLength(20)
          },
          () => w.log.lines.some((line) => /answered 50000 \w+ where \d+ were asked: trimmed/.test(line)),
        )
      })
    }
  })

  describe('notification text meant to fool the eye', () => {
    const texts: Array<[string, Record<string, unknown>, (notice: Notice) => boolean]> = [
      ['a 200,000-character body', { body: 'b'.repeat(200_000) }, (notice) => notice.body.length <= 500 && notice.body.endsWith('…')],
      ['NUL, BEL and ESC', { title: 'Alert\u0000\u0007\u001b[2J', body: 'ring\u0007\u0007 now\u001b]0;x\u0007' }, (notice) => !/[\u0000-\u001f\u007f-\u009f]/.test(notice.title + notice.body)],
      ['a right-to-left override', { title: 'Download \u202Egnp.exe\u202C', body: 'open \u202Egnp.exe\u202C' }, (notice) => !/[\u202A-\u202E\u2066-\u2069]/.test(notice.title + notice.body)],
      ['zero-width characters', { title: 'pa\u200By\u200Dpal\uFEFF', body: 'x\u2060y\u200Cz' }, (notice) => !/[\u200B-\u200D\u2060\uFEFF]/.test(notice.title + notice.body)],
      ['a 5,000-character title of newlines and tabs', { title: 'T\n\t'.repeat(5000) }, (notice) => notice.title.length <= 120 && !/[\n\t]/.test(notice.title)],
    ]
    for (const [name, fields, clean] of texts) {
      it(`pops up a live notification with ${name} cleaned and cut`, async () => {
        const w = await watching((indexer) => indexer.answer(/^\/api\/notifications$/, json({ ok: true, items: [], nextCursor: null })))
        await waitFor(() => w.indexer.subscribed.includes('user:notifications'))
        // Held from the start: the first live one is news.
        await waitFor(() => notificationRequests(w).length > 0)
        await survives(
          w,
          async () => {
            w.indexer.push(JSON.stringify({ type: 'user:notifications', data: { id: `hostile-${name}`, type: 'SYSTEM', title: 'Hello', body: 'there', ...fields } }))
            await waitFor(() => notices(w.page.events).length > 0)
          },
          () => notices(w.page.events).every(clean),
        )
      })
    }
  })

  describe('a notification cursor that loops', () => {
    const loops: Array<[string, (query: URLSearchParams) => string]> = [
      ['the same cursor every time', () => 'again'],
      ['the cursor it was asked with', (query) => query.get('cursor') ?? 'first'],
      ['two cursors in turn', (query) => (query.get('cursor') === 'a' ? 'b' : 'a')],
    ]
    for (const [name, next] of loops) {
      it(`stops at the first repeat of ${name} and says so`, async () => {
        let page = 0
        const w = await watching((indexer) =>
          indexer.answer(/^\/api\/notifications$/, (request, response) => {
            const query = new URL(request.url ?? '/', 'http://x').searchParams
            response.writeHead(200, { 'content-type': 'application/json' })
            const items = [wireNotification(page++)]
            response.end(JSON.stringify({ ok: true, items, nextCursor: next(query) }))
          }),
        )
        await survives(
          w,
          async () => {
            await waitFor(() => w.log.lines.some((line) => /cursor it had already given/.test(line)))
            expect(notificationRequests(w).length).toBeLessThanOrEqual(4)
          },
          () => w.log.lines.some((line) => /cursor it had already given/.test(line)),
        )
      })
    }
  })

  describe('read marks the indexer refuses', () => {
    for (const status of [500, 503]) {
      it(`shows a read mark answered ${status} on the page and sends it again within seconds`, async () => {
        let failing = true
        const posts: string[] = []
        const w = await watching((indexer) => {
          indexer.answer(/^\/api\/notifications$/, json({ ok: true, items: [wireNotification(1)], nextCursor: null }))
          indexer.answer(/^\/api\/notifications\/[^/]+\/read$/, (request, response) => {
            posts.push(request.url ?? '')
            response.writeHead(failing ? status : 200, { 'content-type': 'application/json' })
            response.end(JSON.stringify(failing ? { ok: false, error: 'Database is read-only' } : { ok: true }))
          })
        })
        await waitFor(async () => (await centre(w)).length > 0)
        await survives(
          w,
          async () => {
            await w.page.call('markNotificationsRead', [(await centre(w))[0]!.id])
            await waitFor(() => problems(w.page.events).some((p) => /Could not mark notifications read on the indexer/.test(p.message)))
            failing = false
            await waitFor(() => posts.length >= 2, 15_000)
          },
          () => problems(w.page.events).some((p) => /trying again in 5 s/.test(p.message)),
        )
      })
    }
  })

  describe('a sign-in answer with an odd session cookie', () => {
    const verifyBody = (JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/wire-samples/http-auth-verify.json'), 'utf8')) as { body: unknown }).body
    const cookies: Array<[string, string, RegExp]> = [
      ['a Set-Cookie over 16 KB', `zkhelios_session=${'x'.repeat(20_000)}; Path=/`, /^The indexer sent a session cookie too large to accept/],
      ['a Set-Cookie of 64 KB', `zkhelios_session=${'y'.repeat(64_000)}; Path=/`, /^The indexer sent a session cookie too large to accept/],
      ['Max-Age=0', 'zkhelios_session=abc; Max-Age=0; Path=/', /cleared the zkhelios_session session cookie/],
      ['an empty value', 'zkhelios_session=; Path=/', /cleared the zkhelios_session session cookie/],
    ]
    for (const [name, cookie, told] of cookies) {
      it(`says plainly what ${name} on verify means`, async () => {
        const indexer = await startHostileIndexer()
        tried++
        try {
          indexer.answer(/^\/api\/auth\/verify$/, (_request, response) => {
            response.writeHead(200, { 'content-type': 'application/json', 'set-cookie': cookie })
            response.end(JSON.stringify(verifyBody))
          })
          const error = (await new AuthClient({ baseUrl: indexer.httpUrl }).verify({ message: 'm', signature: 's', pubkey: 'p' }).then(
            () => null,
            (caught: unknown) => caught,
          )) as Error | null
          expect(error?.message).toMatch(told)
          expect(error?.message).not.toMatch(/Cannot reach|set no/)
          survived++
        } finally {
          await indexer.close()
        }
      })
    }
  })

  describe('times outside any calendar', () => {
    const times: Array<[string, unknown]> = [
      ['an epoch past JavaScript\'s range (ms)', 8.64e15 + 1],
      ['an epoch of 1e20', 1e20],
      ['an ISO year past 275760', '+275760-09-13T00:00:00.001Z'],
      ['an ISO year before -271821', '-271821-04-19T23:59:59.999Z'],
      ['numeric text past the range', '99999999999999999999'],
    ]
    for (const [name, value] of times) {
      it(`decodes ${name} as unknown, keeps it in the raw record, and answers without "Invalid time value"`, async () => {
        const w = await watching((indexer) => {
          indexer.answer(/^\/api\/proofs$/, json({ ok: true, items: [{ proofAccount: `Pr00f${'1'.repeat(39)}`, slot: '5', slotVerified: '5', verifiedAt: value }] }))
          indexer.answer(/^\/api\/transactions$/, json({ ok: true, items: [{ signature: `S1g${'1'.repeat(85)}`, slot: '5', blockTime: value }] }))
        })
        await survives(
          w,
          async () => {
            const proofs = (await w.page.call('listProofs', {}, { source: 'network' })) as SocketReply & { result?: { items: Array<{ verifiedAt: unknown; raw: { verifiedAt: unknown } }> } }
            expect(proofs.result?.items[0]).toMatchObject({ verifiedAt: null, raw: { verifiedAt: expect.anything() } })
            const txs = (await w.page.call('listTransactions', {}, { source: 'network' })) as SocketReply & { result?: { items: Array<{ blockTime: unknown; raw: { blockTime: unknown } }> } }
            expect(txs.result?.items[0]).toMatchObject({ blockTime: null, raw: { blockTime: expect.anything() } })
            expect(JSON.stringify([proofs, txs])).not.toMatch(/Invalid time value|RangeError/)
          },
          () => !w.log.lines.some((line) => /Invalid time value|RangeError/.test(line)),
        )
      })
    }
  })

  describe('a record with very long lists of its own', () => {
    it('hands the page a transaction with 10,000 accounts whole (the page draws them in steps), over 1 MB', async () => {
      const accounts = Array.from({ length: 10_000 }, (_, i) => `Acct${String(i).padStart(40, '1')}`)
      const signature = `S1g${'1'.repeat(85)}`
      const detail = { ok: true, transaction: { signature, slot: '5', status: 'SUCCESS', accounts, instructions: [{ programId: 'Zk', accounts }, ...Array.from({ length: 2000 }, () => ({ programId: 'Zk', accounts: accounts.slice(0, 2) }))] } }
      const w = await watching((indexer) => indexer.answer(/^\/api\/transactions\/[^/]+$/, json(detail)))
      await survives(w, async () => {
        const reply = (await w.page.call('getTransaction', signature, { source: 'network' })) as SocketReply & { result?: { instructions: Array<{ accounts: string[] }> } }
        expect(reply.result?.instructions).toHaveLength(2001)
        expect(reply.result?.instructions[0]!.accounts).toHaveLength(10_000)
      })
    })
  })

  describe('ids that repeat in a page, and records that change under their id', () => {
    const account = (n: number) => `Pr00f${String(n).padStart(39, '1')}`
    const pages: Array<[string, RegExp, string, unknown, (items: Array<Record<string, unknown>>) => void]> = [
      [
        'a proof page naming one proof three times, lowest slot last',
        /^\/api\/proofs$/,
        'listProofs',
        { ok: true, items: [{ proofAccount: account(1), slotVerified: '12', tag: 'high' }, { proofAccount: account(2), slotVerified: '9' }, { proofAccount: account(1), slotVerified: '11' }, { proofAccount: account(1), slotVerified: '10', tag: 'low' }] },
        (items) => {
          expect(items.map((item) => item.proofAccount)).toEqual([account(1), account(2)])
          expect(items[0]).toMatchObject({ slotVerified: '12', raw: { tag: 'high' } })
        },
      ],
      [
        'a transaction page naming one signature twice',
        /^\/api\/transactions$/,
        'listTransactions',
        { ok: true, items: [{ signature: `S1g${'1'.repeat(85)}`, slot: '5' }, { signature: `S1g${'1'.repeat(85)}`, slot: '7', tag: 'later' }] },
        (items) => expect(items).toMatchObject([{ slot: '7', raw: { tag: 'later' } }]),
      ],
    ]
    for (const [name, path, method, body, check] of pages) {
      it(`shows and keeps one copy of ${name}, the highest slot's, and says so`, async () => {
        const w = await watching((indexer) => indexer.answer(path, json(body)))
        await survives(
          w,
          async () => {
            const network = (await w.page.call(method, {}, { source: 'network' })) as SocketReply & { result?: { items: Array<Record<string, unknown>> } }
            check(network.result?.items ?? [])
            const cached = (await w.page.call(method, {}, { source: 'cache' })) as SocketReply & { result?: { items: Array<Record<string, unknown>> } }
            check(cached.result?.items ?? [])
          },
          () => w.log.lines.some((line) => /named the same record more than once/.test(line)),
        )
      })
    }

    const changes: Array<[string, Record<string, unknown>, Record<string, unknown>, RegExp]> = [
      ['revoked state', { revoked: false }, { revoked: true }, /revoked was false, now true/],
      ['authority', { authority: 'Auth1111111111111111111111111111111111111111' }, { authority: 'Evil1111111111111111111111111111111111111111' }, /authority was "Auth1+", now "Evil1+"/],
      ['circuit', { circuitId: 'age-over-18' }, { circuitId: 'other-circuit' }, /circuitId was "age-over-18", now "other-circuit"/],
    ]
    for (const [name, before, after, told] of changes) {
      it(`says so when a cached proof's ${name} changes under its id`, async () => {
        let current = before
        const w = await watching((indexer) =>
          indexer.answer(/^\/api\/proofs$/, (_request, response) => {
            response.writeHead(200, { 'content-type': 'application/json' })
            response.end(JSON.stringify({ ok: true, items: [{ proofAccount: account(3), slotVerified: '20', verified: true, ...current }] }))
          }),
        )
        await survives(
          w,
          async () => {
            await w.page.call('listProofs', {}, { source: 'network' })
            current = after
            await w.page.call('listProofs', {}, { source: 'network' })
            await waitFor(() => w.log.lines.some((line) => told.test(line)))
          },
          () => w.log.lines.some((line) => /a stored proof changed under its id/.test(line)),
        )
      })
    }
  })

  describe('a watched proof revoked under its id', () => {
    it('becomes an entry in the centre and a pop-up under the rule for revoked proofs', async () => {
      const authority = 'Auth1111111111111111111111111111111111111111'
      const proofAccount = `Pr00f${'7'.repeat(39)}`
      let revoked = false
      const w = await watching((indexer) =>
        indexer.answer(/^\/api\/proofs$/, (_request, response) => {
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ ok: true, items: [{ proofAccount, authority, slotVerified: '20', verified: true, revoked }] }))
        }),
      )
      await survives(
        w,
        async () => {
          expect(await w.page.call('watchAddress', { pubkey: authority })).toHaveProperty('result')
          await w.page.call('listProofs', {}, { source: 'network' })
          revoked = true
          await w.page.call('listProofs', {}, { source: 'network' })
          await waitFor(async () => (await centre(w)).some((entry) => entry.kind === 'PROOF_REVOKED'))
          await waitFor(() => notices(w.page.events).some((notice) => /Proof revoked/.test(notice.title + notice.body)))
        },
        () => w.log.lines.some((line) => /revoked was false, now true/.test(line)),
      )
    })
  })
})
