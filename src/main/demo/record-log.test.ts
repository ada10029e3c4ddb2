import { describe, expect, it } from 'vitest'
import { KeyedLogs } from './keyed-logs'
import { RecordLog } from './record-log'

const record = (seq: number, timeMs = seq * 10): { seq: number; timeMs: number } => ({ seq, timeMs })

describe('RecordLog', () => {
  it('appends, reads oldest-first and finds by seq and by time', () => {
    const log = new RecordLog<{ seq: number; timeMs: number }>()
    for (const seq of [2, 4, 6, 8]) log.push(record(seq))
    expect(log.length).toBe(4)
    expect(log.at(0).seq).toBe(2)
    expect(log.newest()?.seq).toBe(8)
    expect(log.firstWithSeqAtLeast(5)).toBe(2)
    expect(log.firstWithSeqAtLeast(9)).toBe(4)
    expect(log.firstAtOrAfter(40)).toBe(1)
    expect(log.firstAfter(40)).toBe(2)
    expect(() => log.at(4)).toThrow(RangeError)
  })

  it('drops the oldest records and keeps indexes right across compaction', () => {
    const log = new RecordLog<{ seq: number; timeMs: number }>()
    for (let seq = 0; seq < 10_000; seq++) log.push(record(seq))
    for (let dropped = 0; dropped < 9_000; dropped++) expect(log.dropOldest()?.seq).toBe(dropped)
    expect(log.length).toBe(1_000)
    expect(log.oldest()?.seq).toBe(9_000)
    expect(log.at(999).seq).toBe(9_999)
    expect(log.firstWithSeqAtLeast(9_500)).toBe(500)
    log.push(record(10_000))
    expect(log.newest()?.seq).toBe(10_000)
    while (log.length > 0) log.dropOldest()
    expect(log.dropOldest()).toBeUndefined()
    expect(log.newest()).toBeUndefined()
  })
})

describe('KeyedLogs', () => {
  it('holds a single record bare and grows into a log', () => {
    const logs = new KeyedLogs<string, { seq: number; timeMs: number }>()
    logs.push('a', record(1))
    expect(logs.get('a')?.length).toBe(1)
    logs.push('a', record(3))
    logs.push('b', record(2))
    expect(logs.get('a')?.at(1).seq).toBe(3)
    expect(logs.get('missing')).toBeUndefined()
    expect(logs.size).toBe(2)
    expect([...logs.logs()].map(([key, log]) => [key, log.length])).toEqual([
      ['a', 2],
      ['b', 1],
    ])
  })

  it('makes a read key a log once, so later reads allocate nothing', () => {
    const logs = new KeyedLogs<string, { seq: number; timeMs: number }>()
    logs.push('read', record(1))
    const first = logs.get('read')
    expect(logs.get('read')).toBe(first)
    logs.push('read', record(2))
    expect(first?.length).toBe(2)
    logs.push('listed', record(3))
    const listed = new Map(logs.logs()).get('listed')
    expect(logs.get('listed')).toBe(listed)
  })

  it('forgets a key when its last record is dropped', () => {
    const logs = new KeyedLogs<string, { seq: number; timeMs: number }>()
    logs.push('single', record(1))
    logs.push('pair', record(2))
    logs.push('pair', record(3))
    logs.dropOldest('single')
    logs.dropOldest('pair')
    expect(logs.get('single')).toBeUndefined()
    expect(logs.get('pair')?.at(0).seq).toBe(3)
    logs.dropOldest('pair')
    expect(logs.size).toBe(0)
  })
})
