import { describe, expect, it } from 'vitest'
import { makeOverview } from '@test/support/renderer/fixtures'
import { OVERVIEW_FIELD_LABELS, OVERVIEW_FIELDS } from './overview-fields'

describe('OVERVIEW_FIELDS', () => {
  it('is every field of an overview except its time and what arrived', () => {
    const fields = Object.keys(makeOverview()).filter((key) => !['observedAt', 'raw', 'extra'].includes(key))
    expect([...OVERVIEW_FIELDS].sort()).toEqual(fields.sort())
  })

  it('starts with the status and labels every field', () => {
    expect(OVERVIEW_FIELDS[0]).toBe('status')
    for (const field of OVERVIEW_FIELDS) expect(OVERVIEW_FIELD_LABELS[field]).toMatch(/\S/)
  })
})
