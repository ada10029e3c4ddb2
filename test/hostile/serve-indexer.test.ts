/**
 * A hostile indexer against serve mode with a page open: the real monitor
 * and the real serve server in this process, an indexer that answers like
 * the reference until a case makes it answer something else. Each case
 * checks that serve mode lives (no uncaught exception or unhandled
 * rejection, the page still gets answers), that the user is told (on the
 * page and in the log), and that no credential reaches the page or the log.
 */
import { afterAll, describe, expect, it } from 'vitest'
import type { SocketReply } from '@shared/bridge'
import type { ErrorInfo } from '@shared/domain'
import { IndexerClient } from '../../src/main/core/indexer/client'
import type { MonitorOptions } from '../../src/main/core/monitor/monitor'
import { DEFAULT_SETTINGS, memorySettingsStorage } from '../../src/main/core/config/settings'
import { memorySecretStorage } from '../../src/main/core/config/secrets'
import { waitFor } from '../support/wait-for'
import { nested, startHostileIndexer, type HostileIndexer } from './hostile-indexer'
import { livesThrough, problems, watchCrashes, watchingPerTest, type Watching } from './serve-fixture'

const crashWatch = watchCrashes()
let tried = 0
let survived = 0
let leaks = 0

afterAll(() => {
  crashWatch.stop()
  console.log(`hostile indexer against serve mode: ${tried} inputs, ${survived} survived, ${crashWatch.crashes.length} crashes, ${leaks} leaks`)
})

/** Serve mode watching a hostile indexer, with a page open; `prepare` scripts the indexer before the monitor starts. */
const watching = watchingPerTest()

/**
 * Counts one hostile input: serve mode did not crash, the page still gets
 * answers, and none of `secrets` is in anything the page received or the log wrote.
 */
async function survives(w: Watching, run: () => Promise<void>, secrets: string[] = []): Promise<void> {
  tried++
  const shown = await livesThrough(w, crashWatch.crashes, run)
  const leaked = secrets.filter((secret) => shown.includes(secret))
  if (leaked.length > 0) {
    leaks++
    console.log([...w.page.texts, ...w.log.lines].filter((line) => leaked.some((secret) => line.includes(secret))).map((line) => line.slice(0, 600)).join('\n'))
  }
  expect(leaked).toEqual([])
  survived++
}

const PROOF = {
  proofAccount: 'BrzybSVsHeD5j5L1L1Kkre1RFzn4JTSpkXaMC7ndK8mH',
  authority: '8Kwe1rsCC74PYXoCn3zSoT7wTYzsUEoJS4zRBr4r7FGr',
  circuitId: 4,
  proofType: 'MEMBERSHIP',
  slot: '356511227',
}

const DEEP_REFUSAL = /nest more than 64 levels deep/

/** A saved, active profile for the hostile indexer, its credential in the secret store, no launch flags. */
function savedProfile(credential: string, id = 'hostile'): (indexer: HostileIndexer) => Partial<MonitorOptions> {
  return (indexer) => ({
    launch: {},
    settings: memorySettingsStorage({
      ...DEFAULT_SETTINGS,
      profiles: [{ id, name: 'Hostile', httpUrl: indexer.httpUrl, wsUrl: indexer.wsUrl, wallet: null }],
      activeProfileId: id,
    }),
    secrets: memorySecretStorage({ [id]: credential }),
  })
}

describe('a hostile indexer against serve mode', () => {
  describe('deeply nested records', () => {
    const frames: Array<[string, (depth: number) => string]> = [
      ['a proof with a nested unknown field', (depth) => `{"type":"proofs","data":${JSON.stringify(PROOF).slice(0, -1)},"extra":${nested(depth)}}}`],
      ['a proof whose public inputs nest', (depth) => `{"type":"proofs","data":${JSON.stringify({ ...PROOF, publicInputs: '__' }).replace('"__"', nested(depth))}}`],
      ['a stats event nested inside its data', (depth) => `{"type":"stats","data":{"slot":"1","tps":${nested(depth)}}}`],
      ['a frame that is only nesting', (depth) => nested(depth)],
    ]
    for (const [name, text] of frames) {
      for (const depth of [5_000, 100_000]) {
        it(`on the live socket: ${name}, ${depth.toLocaleString('en')} deep, is refused with a clear problem`, async () => {
          const w = await watching()
          await waitFor(() => w.indexer.openSockets() > 0)
          await survives(w, async () => {
            w.indexer.push(text(depth))
            await waitFor(() => problems(w.page.events).some((p) => DEEP_REFUSAL.test(p.message)))
          })
          expect(w.log.lines.join('\n')).toMatch(DEEP_REFUSAL)
        })
      }
    }

    const bodies: Array<[string, RegExp, string, (depth: number) => string, unknown[]]> = [
      ['a proof list with one record nested', /^\/api\/proofs$/, 'listProofs', (depth) => `{"ok":true,"items":[${JSON.stringify(PROOF).slice(0, -1)},"x":${nested(depth)}}]}`, [{}, { source: 'network' }]],
      ['a proof nested', /^\/api\/proofs\/[^/]+$/, 'getProof', (depth) => `{"ok":true,"proof":${nested(depth)}}`, [PROOF.proofAccount, { source: 'network' }]],
      ['an overview body that is only nesting', /^\/api\/stats\/overview$/, 'getOverview', (depth) => nested(depth), [{ source: 'network' }]],
      ['a transaction list nested in an object', /^\/api\/transactions$/, 'listTransactions', (depth) => `{"ok":true,"items":[],"x":${nested(depth, '{}')}}`, [{}, { source: 'network' }]],
    ]
    for (const [name, path, method, body, args] of bodies) {
      for (const depth of [5_000, 100_000]) {
        it(`over HTTP: ${name}, ${depth.toLocaleString('en')} deep, is refused and said so`, async () => {
          const w = await watching()
          await survives(w, async () => {
            w.indexer.answer(path, (_request, response) => {
              response.writeHead(200, { 'content-type': 'application/json' })
              response.end(body(depth))
            })
            const reply = await w.page.call(method, ...args)
            expect(reply).toMatchObject({ error: { code: 'DECODE', message: expect.stringMatching(DEEP_REFUSAL) } })
            expect(JSON.stringify(reply)).not.toMatch(/call stack/i)
          })
        })
      }
    }

    it('over HTTP at every start: a nested overview does not stop serve mode from starting', async () => {
      const deep = (_request: unknown, response: import('node:http').ServerResponse) => {
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(`{"ok":true,"stats":${nested(10_000, '{}')}}`)
      }
      const w = await watching((indexer) => indexer.answer(/^\/api\/stats\/overview$/, deep))
      await survives(w, async () => {
        await waitFor(() => w.log.lines.some((line) => DEEP_REFUSAL.test(line)) || problems(w.page.events).some((p) => DEEP_REFUSAL.test(p.message)))
        const reply = (await w.page.call('getConnection')) as SocketReply & { result?: { http?: { lastError?: ErrorInfo | null } } }
        expect(reply).toHaveProperty('result')
      })
    })
  })

  describe('an indexer that echoes the credential', () => {
    const COOKIE_SECRET = 'hostileCookieSecret7f3a'
    const BEARER_SECRET = 'hostileBearerSecret9c1d'
    const SECRETS = [COOKIE_SECRET, BEARER_SECRET]

    /** What the request carried, said back: the Cookie and Authorization headers in the body and in headers. */
    const echo401 =
      (form: 'json' | 'text') =>
      (request: import('node:http').IncomingMessage, response: import('node:http').ServerResponse) => {
        const carried = `${request.headers.cookie ?? ''} ${request.headers.authorization ?? ''}`
        response.writeHead(401, {
          'content-type': form === 'json' ? 'application/json' : 'text/plain',
          'x-echo': carried,
          'www-authenticate': `Bearer error="invalid_token", token="${carried.trim()}"`,
        })
        response.end(form === 'json' ? JSON.stringify({ ok: false, code: 'UNAUTHORIZED', error: `Session not valid: ${carried}` }) : `401 Unauthorized: ${carried}`)
      }

    const sources: Array<[string, (indexer: HostileIndexer) => Partial<MonitorOptions>]> = [
      ['PROOFWATCH_CREDENTIAL (a cookie)', (indexer) => ({ launch: { indexerUrl: indexer.httpUrl, wsUrl: indexer.wsUrl, credential: `cookie:zk_session=${COOKIE_SECRET}` } })],
      ['PROOFWATCH_CREDENTIAL (a bearer token)', (indexer) => ({ launch: { indexerUrl: indexer.httpUrl, wsUrl: indexer.wsUrl, credential: `bearer:${BEARER_SECRET}` } })],
      ['a saved profile\'s credential', savedProfile(`bearer:${BEARER_SECRET}`)],
    ]
    for (const [source, options] of sources) {
      for (const form of ['json', 'text'] as const) {
        it(`keeps ${source} off the page and out of the log when every endpoint answers 401 echoing it as ${form}`, async () => {
          const w = await watching(
            (indexer) => {
              indexer.answer(/^\/api\//, echo401(form))
              indexer.refuseUpgrades((request) => ({ status: 401, headers: { 'x-echo': String(request.headers.cookie ?? request.headers.authorization) }, body: `no: ${request.headers.cookie ?? request.headers.authorization}` }))
            },
            options,
          )
          await survives(
            w,
            async () => {
              for (const [method, args] of [['getOverview', [{ source: 'network' }]], ['listProofs', [{}, { source: 'network' }]], ['getProof', [PROOF.proofAccount, { source: 'network' }]]] as const) {
                const reply = await w.page.call(method, ...args)
                expect(reply).toMatchObject({ error: { code: expect.stringMatching(/HTTP|AUTH/) } })
                expect(JSON.stringify(reply)).toContain('[redacted]')
              }
              await waitFor(() => w.indexer.seen.some((seen) => seen.path === '/ws'))
              // The credential did go to the indexer it belongs to: what came back is what is redacted.
              expect(w.indexer.seen.some((seen) => SECRETS.some((secret) => `${seen.headers.cookie} ${seen.headers.authorization}`.includes(secret)))).toBe(true)
            },
            SECRETS,
          )
        })
      }
    }

    it('keeps the credential out of a socket error frame, a record and an unreadable frame that quote it', async () => {
      const w = await watching(() => {}, (indexer) => ({ launch: { indexerUrl: indexer.httpUrl, wsUrl: indexer.wsUrl, credential: `cookie:zk_session=${COOKIE_SECRET}` } }))
      await waitFor(() => w.indexer.subscribed.includes('proofs'))
      await survives(
        w,
        async () => {
          w.indexer.push(JSON.stringify({ type: 'error', error: `Channel not allowed for session ${COOKIE_SECRET}` }))
          w.indexer.push(JSON.stringify({ type: 'proofs', data: { ...PROOF, note: `owner session ${COOKIE_SECRET}` } }))
          w.indexer.push(`{"type":"proofs","data":${JSON.stringify({ ...PROOF, proofAccount: 'P2' })},"x":"${COOKIE_SECRET}"`)
          // Each frame reaches the page, with the secret in its place: the record, and the problems of the other two.
          const shown = () => w.page.texts.join('\n')
          await waitFor(() => shown().includes('owner session [redacted]') && problems(w.page.events).filter((p) => JSON.stringify(p).includes('[redacted]')).length >= 1)
        },
        SECRETS,
      )
    })

    it('keeps a credential typed into a connection test off the page when the tested indexer echoes it', async () => {
      const w = await watching()
      const other = await startHostileIndexer()
      try {
        other.answer(/^\/api\//, echo401('json'))
        await survives(
          w,
          async () => {
            const reply = await w.page.call('testConnection', { name: 'x', httpUrl: other.httpUrl, credential: `bearer:${BEARER_SECRET}` })
            expect(reply).toMatchObject({ result: { checks: expect.arrayContaining([expect.objectContaining({ ok: false, detail: expect.stringContaining('[redacted]') })]) } })
          },
          SECRETS,
        )
      } finally {
        await other.close()
      }
    })

  })

  describe('a connection test aimed at another indexer', () => {
    const SAVED_SECRET = 'savedProfileSecret5e8b'
    const carried = (indexer: HostileIndexer) => indexer.seen.filter((seen) => `${seen.headers.cookie ?? ''} ${seen.headers.authorization ?? ''}`.includes(SAVED_SECRET))

    const targets: Array<[string, (saved: HostileIndexer, other: HostileIndexer) => { httpUrl: string; wsUrl?: string }]> = [
      ['another HTTP origin', (_saved, other) => ({ httpUrl: other.httpUrl })],
      ['the same HTTP origin with another socket origin', (saved, other) => ({ httpUrl: saved.httpUrl, wsUrl: other.wsUrl })],
    ]
    for (const [name, target] of targets) {
      it(`does not hand a saved profile's credential to ${name}, and says so`, async () => {
        const w = await watching(() => {}, savedProfile(`bearer:${SAVED_SECRET}`))
        const other = await startHostileIndexer()
        try {
          await survives(
            w,
            async () => {
              const reply = await w.page.call('testConnection', { id: 'hostile', name: 'Hostile', ...target(w.indexer, other) })
              expect(reply).toMatchObject({
                result: { checks: expect.arrayContaining([{ name: 'saved credential', ok: false, ms: null, detail: expect.stringMatching(/^The saved credential was not sent: it belongs to http:\/\/127\.0\.0\.1:\d+/) }]) },
              })
              expect(other.seen.length).toBeGreaterThan(0)
              expect(carried(other)).toEqual([])
            },
            [SAVED_SECRET],
          )
        } finally {
          await other.close()
        }
      })
    }

    it('still uses the saved credential for the indexer it was saved for', async () => {
      const w = await watching(() => {}, savedProfile(`bearer:${SAVED_SECRET}`))
      await survives(
        w,
        async () => {
          const before = w.indexer.seen.length
          const reply = await w.page.call('testConnection', { id: 'hostile', name: 'Hostile', httpUrl: w.indexer.httpUrl })
          expect(JSON.stringify(reply)).not.toContain('saved credential')
          expect(w.indexer.seen.slice(before).filter((seen) => seen.headers.authorization === `Bearer ${SAVED_SECRET}`).length).toBeGreaterThan(0)
        },
        [SAVED_SECRET],
      )
    })
  })

  describe('redirects to another origin', () => {
    const REDIRECT_SECRET = 'redirectCookieSecret3d9e'
    const redirects: Array<[string, number, (other: HostileIndexer, own: HostileIndexer) => string]> = [
      ['302 to another port', 302, (other) => `${other.httpUrl}/api/proofs`],
      ['301 to another port', 301, (other) => `${other.httpUrl}/api/proofs`],
      ['307 to another port', 307, (other) => `${other.httpUrl}/api/proofs`],
      ['308 to another port', 308, (other) => `${other.httpUrl}/api/proofs`],
      ['303 to another port', 303, (other) => `${other.httpUrl}/api/proofs`],
      ['302 protocol-relative', 302, (other) => `${other.httpUrl.replace('http:', '')}/api/proofs`],
      ['302 to the same port under another name', 302, (_other, own) => `${own.httpUrl.replace('127.0.0.1', 'localhost')}/api/proofs`],
    ]
    for (const [name, status, location] of redirects) {
      it(`refuses a ${name}, sends it neither the credential nor a request, and caches nothing from it`, async () => {
        const other = await startHostileIndexer()
        try {
          const w = await watching(
            (indexer) =>
              indexer.answer(/^\/api\/proofs$/, (_request, response) => {
                response.writeHead(status, { location: location(other, indexer) })
                response.end()
              }),
            (indexer) => ({ launch: { indexerUrl: indexer.httpUrl, wsUrl: indexer.wsUrl, credential: `cookie:zk_session=${REDIRECT_SECRET}` } }),
          )
          await survives(
            w,
            async () => {
              const reply = await w.page.call('listProofs', {}, { source: 'network' })
              expect(reply).toMatchObject({ error: { code: 'HTTP', status, message: expect.stringMatching(/redirected to another origin \(.+\): not followed/) } })
              const cached = (await w.page.call('listProofs', {}, { source: 'cache' })) as { result?: { items: unknown[] } }
              expect(cached.result?.items ?? []).toEqual([])
              expect(other.seen.filter((seen) => seen.path === '/api/proofs')).toEqual([])
              expect(w.indexer.seen.filter((seen) => seen.path === '/api/proofs' && seen.headers.host !== new URL(w.indexer.httpUrl).host)).toEqual([])
            },
            [REDIRECT_SECRET],
          )
        } finally {
          await other.close()
        }
      })
    }

    it('follows a redirect that stays on the indexer\'s origin', async () => {
      const w = await watching((indexer) =>
        indexer.answer(/^\/api\/proofs$/, (request, response) => {
          if (request.url?.includes('moved=1')) return indexer.answer(/^\/api\/proofs$/, null)
          response.writeHead(302, { location: `/api/proofs?moved=1` })
          response.end()
        }),
      )
      await survives(w, async () => {
        w.indexer.answer(/^\/api\/proofs$/, (request, response) => {
          if (!request.url?.includes('moved=1')) {
            response.writeHead(302, { location: '/api/proofs?moved=1' })
            return response.end()
          }
          response.writeHead(200, { 'content-type': 'application/json' })
          response.end(JSON.stringify({ ok: true, items: [{ ...PROOF, slotVerified: PROOF.slot }] }))
        })
        const reply = (await w.page.call('listProofs', {}, { source: 'network' })) as { result?: { items: Array<{ proofAccount: string }> } }
        expect(reply.result?.items.map((item) => item.proofAccount)).toEqual([PROOF.proofAccount])
      })
    })
  })

  describe('a slow indexer', () => {
    it('gives up at the deadline and says how long it waited, not one attempt\'s limit', async () => {
      const slow = await startHostileIndexer()
      try {
        slow.answer(/^\/api\//, () => undefined)
        tried++
        const client = new IndexerClient({ baseUrl: slow.httpUrl, timeoutMs: 150, deadlineMs: 400, retries: 5 })
        const error = (await client.overview().then(
          () => null,
          (caught: unknown) => caught,
        )) as Error & { code?: string }
        expect(error).toMatchObject({ code: 'TIMEOUT', message: expect.stringMatching(/did not answer within 0\.\d s( \(\d attempts\))?$/) })
        expect(slow.seen.length).toBeLessThanOrEqual(3)
        survived++
      } finally {
        await slow.close()
      }
    })
  })
})
