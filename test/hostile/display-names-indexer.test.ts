/**
 * Hostile indexer: display names. Over real HTTP, through the monitor (its
 * SQLite cache, the bridge methods and events), an indexer without the
 * profile route, one answering hostile names, and one failing: names are
 * plain and short, nothing is shown as an error, and no storm of requests.
 */
import { describe, expect, it } from 'vitest'
import type { DisplayName } from '@shared/profiles'
import { memorySettingsStorage } from '../../src/main/core/config/settings'
import { encodeBase58 } from '../../src/main/demo/base58'
import { waitFor } from '../support/wait-for'
import { watchingSettings } from '../support/watching-settings'
import { heard, startedPerTest } from '../support/monitor-on-indexer'

const key = (n: number) => encodeBase58(new Uint8Array(32).fill(n))
const PROFILES = /^\/api\/users\/[^/]+$/

const started = startedPerTest()

type Reply = (status: number, body: string) => void

async function start(answer?: (pubkey: string, reply: Reply) => void) {
  const hostile = await started.hostile()
  if (answer) {
    hostile.answer(PROFILES, (request, response) => {
      const pubkey = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname.split('/').at(-1) ?? '')
      answer(pubkey, (status, body) => {
        response.writeHead(status, { 'content-type': 'application/json' })
        response.end(body)
      })
    })
  }
  const running = started.monitor({ settings: memorySettingsStorage(watchingSettings(hostile.httpUrl, { name: 'Hostile', wsUrl: hostile.wsUrl })) })
  const { events, connection } = heard(running)
  await running.start()
  const pushed = () => events.filter((e) => e.event === 'displayNames').flatMap((e) => e.payload as DisplayName[])
  const problems = () => events.filter((e) => e.event === 'problem')
  const reads = () => hostile.seen.filter((request) => PROFILES.test(request.path)).length
  const http = () => connection()?.http
  return { running, pushed, problems, reads, http }
}

describe('display names from a hostile indexer', () => {
  it('an indexer without the route: no names, no errors, each address asked once', async () => {
    const { running, pushed, problems, reads } = await start()
    const addresses = [key(1), key(2), key(3)]
    await running.getDisplayNames(addresses)
    await waitFor(() => pushed().length === 3)
    expect(pushed().map((name) => name.displayName)).toEqual([null, null, null])
    expect(await running.getDisplayNames(addresses)).toEqual(addresses.map((pubkey) => expect.objectContaining({ pubkey, displayName: null, readAt: expect.any(Number) })))
    expect(reads()).toBe(3)
    expect(problems()).toEqual([])
  })

  it('hostile names come out plain and short', async () => {
    const names: Record<string, string> = {
      [key(1)]: 'x'.repeat(100_000),
      [key(2)]: '\u202Egnp.exe\u200B',
      [key(3)]: '<script>alert(1)</script>',
      [key(4)]: 'bell\u0007\u001b[2Jclear',
    }
    const { running, pushed, problems } = await start((pubkey, reply) =>
      reply(200, JSON.stringify({ ok: true, profile: { pubkey, displayName: names[pubkey] ?? null } })),
    )
    await running.getDisplayNames(Object.keys(names))
    await waitFor(() => pushed().length === 4)
    const nameOf = (n: number) => pushed().find((name) => name.pubkey === key(n))?.displayName
    expect(nameOf(1)).toBe(`${'x'.repeat(39)}…`)
    expect(nameOf(2)).toBe('gnp.exe')
    expect(nameOf(3)).toBe('<script>alert(1)</script>')
    expect(nameOf(4)).toBe('bell [2Jclear')
    expect(problems()).toEqual([])
  })

  it('a failing indexer is asked a couple of times, once each, then left alone for minutes', async () => {
    const held: Array<() => void> = []
    const { running, pushed, reads } = await start((_pubkey, reply) => held.push(() => reply(500, '{"ok":false,"code":"INTERNAL","error":"boom"}')))
    await running.getDisplayNames([key(1), key(2), key(3), key(4)])
    await waitFor(() => reads() === 2)
    // Asked while both reads are under way, and after they fail: the failures pause the reads for minutes.
    await running.getDisplayNames([key(5), key(6)])
    held.splice(0).forEach((fail) => fail())
    // Two round trips later the failures have long reached the app, and any read they let start has reached the indexer.
    await running.getOverview({ source: 'network' })
    await running.getDisplayNames([key(7)])
    await running.getOverview({ source: 'network' })
    expect(reads()).toBe(2)
    expect(pushed()).toEqual([])
  })
})
