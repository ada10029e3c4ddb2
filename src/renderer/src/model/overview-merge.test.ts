import { describe, expect, it } from 'vitest'
import { makeOverview } from '@test/support/renderer/fixtures'
import { OVERVIEW_FIELDS } from '@renderer/model/overview-fields'
import { mergeOverview, noteFieldTimes } from './overview-merge'

describe('mergeOverview', () => {
  it('takes the incoming record when there is none yet', () => {
    const incoming = makeOverview()
    expect(mergeOverview(null, incoming)).toBe(incoming)
  })

  it('lets newer values win but keeps fields the newer record lacks', () => {
    const http = makeOverview({ status: 'online', epoch: '665', slot: '100', observedAt: 1, extra: { region: 'eu' } })
    const live = makeOverview({ status: null, epoch: null, slot: '101', observedAt: 2, extra: { queue: 3 } })
    const merged = mergeOverview(http, live)
    expect(merged.slot).toBe('101')
    expect(merged.status).toBe('online')
    expect(merged.epoch).toBe('665')
    expect(merged.observedAt).toBe(2)
    expect(merged.extra).toEqual({ region: 'eu', queue: 3 })
  })

  it('does not let an older record overwrite newer values', () => {
    const live = makeOverview({ slot: '200', observedAt: 10 })
    const staleHttp = makeOverview({ slot: '150', observedAt: 5 })
    expect(mergeOverview(live, staleHttp).slot).toBe('200')
  })
})

describe('mergeOverview for every known field', () => {
  it('keeps each one the newer record lacks', () => {
    const full = makeOverview({ observedAt: 1 })
    const empty = makeOverview({
      observedAt: 2,
      ...Object.fromEntries(OVERVIEW_FIELDS.map((field) => [field, null])),
    })
    const merged = mergeOverview(full, empty)
    for (const field of OVERVIEW_FIELDS) expect(merged[field], field).toEqual(full[field])
    expect(merged.observedAt).toBe(2)
  })
})

describe('noteFieldTimes', () => {
  it('keeps, for each field, when its value was last brought: a partial record ages only its own fields', () => {
    const full = noteFieldTimes({}, makeOverview({ observedAt: 1_000 }))
    expect(full.tps).toBe(1_000)
    const partial = noteFieldTimes(full, makeOverview({ observedAt: 5_000, slot: null }))
    expect(partial.tps).toBe(5_000)
    expect(partial.slot).toBe(1_000)
    // An older record arriving late changes nothing.
    expect(noteFieldTimes(partial, makeOverview({ observedAt: 2_000 })).tps).toBe(5_000)
  })
})
