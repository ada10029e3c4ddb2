import { describe, expect, it } from 'vitest'
import type { ErrorInfo } from '@shared/domain'
import { FrameInbox } from './frame-inbox'

function inbox(now: () => number = () => 0) {
  const problems: ErrorInfo[] = []
  const box = new FrameInbox({ maxFrameBytes: 64, report: (p) => problems.push(p), reportsPerWindow: 2, reportWindowMs: 1000, now })
  return { box, problems }
}

describe('FrameInbox', () => {
  it('decodes a good frame from a Buffer, an ArrayBuffer or fragments', () => {
    const { box, problems } = inbox()
    const text = '{"type":"subscribed","channel":"stats"}'
    expect(box.accept(Buffer.from(text), false)).toEqual({ kind: 'subscribed', channel: 'stats' })
    const bytes = new TextEncoder().encode(text)
    expect(box.accept(bytes.buffer as ArrayBuffer, false)).toEqual({ kind: 'subscribed', channel: 'stats' })
    expect(box.accept([Buffer.from(text.slice(0, 10)), Buffer.from(text.slice(10))], false)).toEqual({ kind: 'subscribed', channel: 'stats' })
    expect(box.counters).toEqual({ framesReceived: 3, malformed: 0, oversized: 0, unknown: 0 })
    expect(problems).toEqual([])
  })

  it('counts malformed, oversized and unknown frames and keeps the start of what arrived', () => {
    const { box, problems } = inbox()
    expect(box.accept(Buffer.from('{nope'), false)).toBeNull()
    expect(box.accept(Buffer.from([1, 2]), true)).toBeNull()
    expect(box.accept(Buffer.from('x'.repeat(65)), false)).toBeNull()
    box.unknown('an event for x, which is not subscribed', '{"type":"x"}')
    expect(box.counters).toEqual({ framesReceived: 3, malformed: 2, oversized: 1, unknown: 1 })
    expect(problems[0]).toMatchObject({ code: 'DECODE', received: '{nope' })
    expect(problems[0]!.message).toMatch(/^Unreadable socket frame/)
  })

  it('reports a few problems per window, counts the rest and says how many it held back', () => {
    let now = 0
    const { box, problems } = inbox(() => now)
    for (let index = 0; index < 10; index++) box.accept(Buffer.from('bad'), false)
    expect(problems).toHaveLength(2)
    expect(box.counters.malformed).toBe(10)
    now = 1000
    box.accept(Buffer.from('bad'), false)
    expect(problems).toHaveLength(3)
    expect(problems[2]!.message).toMatch(/8 similar problems before this one were only counted/)
  })

  it('says each dropped frame as it is counted, the ones only counted included, so the counts can be shown without polling', () => {
    let dropped = 0
    const box = new FrameInbox({ maxFrameBytes: 64, report: () => {}, onDropped: () => dropped++, reportsPerWindow: 1, now: () => 0 })
    box.accept(Buffer.from('{"type":"subscribed","channel":"stats"}'), false)
    expect(dropped).toBe(0)
    for (let index = 0; index < 4; index++) box.accept(Buffer.from('bad'), false)
    box.accept(Buffer.from([1]), true)
    box.accept(Buffer.from('x'.repeat(65)), false)
    box.unknown('an event for x, which is not subscribed')
    box.oversizedBeyondHardLimit('too big')
    expect(dropped).toBe(8)
    expect(box.counters.malformed + box.counters.oversized + box.counters.unknown).toBe(8)
  })
})
