import { describe, expect, it } from 'vitest'
import { makeOverview } from '@renderer/test-utils/fixtures'
import { groupSeparator } from '@renderer/format/u64'
import { overviewTiles } from './overview-tiles'

describe('overviewTiles', () => {
  it('has a tile for every known field that was sent, formatted', () => {
    const tiles = overviewTiles(makeOverview({ epoch: null }))
    const byName = Object.fromEntries(tiles.map((tile) => [tile.name, tile.value]))
    expect(Object.keys(byName)).not.toContain('epoch')
    const sep = groupSeparator()
    expect(byName.totalProofs).toBe(['18', '446', '744', '073', '709', '551', '615'].join(sep))
    expect(byName.slot).toBe(['287', '654', '321'].join(sep))
    expect(byName.status).toBe('Online')
    expect(byName.rpcLatencyMs).toMatch(/ms$/)
  })

  it('adds unknown fields as they came, after the known ones', () => {
    const tiles = overviewTiles(makeOverview({ extra: { region: 'eu-west', queueDepth: 3 } }))
    const unknown = tiles.filter((tile) => !tile.known)
    expect(unknown.map((tile) => [tile.name, tile.value])).toEqual([
      ['region', 'eu-west'],
      ['queueDepth', '3'],
    ])
    expect(tiles.at(-1)?.known).toBe(false)
  })
})
