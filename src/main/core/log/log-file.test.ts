import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ErrorInfo } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'
import { createFileLogger, redact, redactText, REDACTED } from './log-file'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proofwatch-log-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

const read = (name = 'main.log') => readFileSync(join(dir, 'logs', name), 'utf8')

describe('createFileLogger', () => {
  it('appends one line per entry with time, level, message and details', () => {
    const log = createFileLogger({ dir: join(dir, 'logs'), now: () => Date.UTC(2026, 10, 21, 8, 30) })
    log.info('connecting to indexer', { httpUrl: 'http://127.0.0.1:8787' })
    log.warn('live feed problem')
    log.error('multi\nline')
    expect(log.file).toBe(join(dir, 'logs', 'main.log'))
    expect(read().split('\n')).toEqual([
      '2026-11-21T08:30:00.000Z info connecting to indexer {"httpUrl":"http://127.0.0.1:8787"}',
      '2026-11-21T08:30:00.000Z warn live feed problem',
      '2026-11-21T08:30:00.000Z error multi line',
      '',
    ])
  })

  it('rotates by size and keeps only the newest files', () => {
    const log = createFileLogger({ dir: join(dir, 'logs'), maxBytes: 300, keep: 2 })
    for (let i = 0; i < 60; i++) log.info(`line ${String(i).padStart(3, '0')}`)
    expect(readdirSync(join(dir, 'logs')).sort()).toEqual(['main.1.log', 'main.2.log', 'main.log'])
    const all = [read('main.2.log'), read('main.1.log'), read()].join('').trim().split('\n')
    const numbers = all.map((line) => Number(/line (\d+)/.exec(line)![1]))
    // The newest lines, in order, with nothing missing between the kept files.
    expect(numbers.at(-1)).toBe(59)
    expect(numbers).toEqual(numbers.map((_, i) => numbers[0]! + i))
    for (const name of ['main.log', 'main.1.log', 'main.2.log']) expect(read(name).length).toBeLessThanOrEqual(300)
  })

  it('continues an existing file after a restart and rotates it when full', () => {
    createFileLogger({ dir: join(dir, 'logs'), maxBytes: 200 }).info('first run')
    const log = createFileLogger({ dir: join(dir, 'logs'), maxBytes: 200 })
    log.info('second run')
    expect(read()).toMatch(/first run\n.*second run\n$/)
    for (let i = 0; i < 5; i++) log.info('x'.repeat(40))
    expect(existsSync(join(dir, 'logs', 'main.1.log'))).toBe(true)
  })

  it('never writes a credential, cookie or token', () => {
    const log = createFileLogger({ dir: join(dir, 'logs') })
    log.info('credential set: cookie:zkhelios_session=s3cr3t-cookie', { credential: 'bearer:tok-123456', headers: { Cookie: 'zkhelios_session=s3cr3t-cookie' } })
    log.warn('upgrade refused', { url: 'http://127.0.0.1:5000/?token=serve-token-abc', auth: 'Bearer tok-123456' })
    log.error('request failed', new Error('GET https://alice:hunter2@indexer.example/api failed'))
    const text = read()
    for (const secret of ['s3cr3t-cookie', 'tok-123456', 'serve-token-abc', 'hunter2']) expect(text).not.toContain(secret)
    expect(text).toContain(REDACTED)
    expect(text).toContain('request failed {"name":"Error"')
  })

  it('also redacts the values the caller knows to be secret, wherever they appear', () => {
    const log = createFileLogger({ dir: join(dir, 'logs'), redactKnown: (line) => line.split('opaque-value-77').join(REDACTED) })
    log.info('frame', { text: 'x=opaque-value-77;y' })
    expect(read()).not.toContain('opaque-value-77')
  })

  it('reports a write failure once per kind, counts every one, and never throws', () => {
    mkdirSync(join(dir, 'logs', 'main.log'), { recursive: true })
    const errors: ErrorInfo[] = []
    const log = createFileLogger({ dir: join(dir, 'logs'), onError: (error) => errors.push(error) })
    expect(() => {
      log.info('one')
      log.info('two')
    }).not.toThrow()
    expect(log.failures).toBe(2)
    expect(errors).toHaveLength(1)
    expect(errors[0]!.message).toContain('Cannot write the log file')
  })

  it('refuses a log folder that cannot be made, with the reason', () => {
    writeFileSync(join(dir, 'not-a-folder'), '')
    expect(() => createFileLogger({ dir: join(dir, 'not-a-folder', 'logs') })).toThrow(ProofWatchError)
    expect(() => createFileLogger({ dir: join(dir, 'not-a-folder', 'logs') })).toThrow('Cannot create the log folder')
  })
})

describe('redact', () => {
  it('replaces secret-named fields at any depth and keeps the rest', () => {
    expect(
      redact({ httpUrl: 'http://x', profile: { wallet: 'W', credential: 'cookie:a=b', nested: [{ sessionToken: 'z', n: 1 }] }, apiKey: 'k', token: null }),
    ).toEqual({ httpUrl: 'http://x', profile: { wallet: 'W', credential: REDACTED, nested: [{ sessionToken: REDACTED, n: 1 }] }, apiKey: REDACTED, token: null })
  })

  it('bounds circular, deep and long values', () => {
    const loop: Record<string, unknown> = { name: 'loop' }
    loop.self = loop
    expect(redact(loop)).toEqual({ name: 'loop', self: '[circular]' })
    let deep: unknown = 'bottom'
    for (let i = 0; i < 10; i++) deep = { deep }
    expect(JSON.stringify(redact(deep))).toContain('[deeper]')
    expect((redact(Array.from({ length: 60 }, (_, i) => i)) as unknown[]).at(-1)).toBe('… 10 more')
  })
})

describe('redactText', () => {
  it.each([
    ['Authorization: Bearer abc.def', `Authorization: ${REDACTED}`],
    ['cookie:zkhelios_session=demo', `cookie:${REDACTED}`],
    ['bearer:xyz', `bearer:${REDACTED}`],
    ['GET /?token=abc&x=1', `GET /?token=${REDACTED}&x=1`],
    ['Set-Cookie: zkhelios_session=abc; Path=/', `Set-Cookie: ${REDACTED}`],
    ['wss://user:pw@host/ws', `wss://${REDACTED}@host/ws`],
    ['slot=123 tps=4', 'slot=123 tps=4'],
  ])('%s', (text, expected) => {
    expect(redactText(text)).toBe(expected)
  })
})
