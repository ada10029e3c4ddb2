import { describe, expect, it } from 'vitest'
import { makeOverview } from '@test/support/renderer/fixtures'
import { groupSeparator } from '@renderer/format/u64'
import { overviewTiles } from './overview-tiles'

describe('overviewTiles', () => {
  it('has a tile for every known field that was sent, formatted', () => {
    const tiles = overviewTiles(makeOverview({ epoch: null }))
    const byName = Object.fromEntries(tiles.map((tile) => [tile.name, tile.value]))
    // The seed's contract lists epoch: its tile stays, saying it was not sent.
    expect(byName.epoch).toBe('not sent by this indexer')
    expect(tiles.find((tile) => tile.name === 'epoch')?.missing).toBe(true)
    const sep = groupSeparator()
    expect(byName.totalProofs).toBe(['18', '446', '744', '073', '709', '551', '615'].join(sep))
    expect(byName.slot).toBe(['287', '654', '321'].join(sep))
    expect(byName.status).toBe('Online')
    expect(byName.rpcLatencyMs).toMatch(/ms$/)
  })

  it('adds unknown fields as they came, after the known ones', () => {
    const tiles = overviewTiles(makeOverview({ extra: { region: 'eu-west', queueDepth: 3 } }))
    const unknown = tiles.filter((tile) => !tile.known)
    expect(unknown.map((tile) => [tile.name, tile.label, tile.value])).toEqual([
      ['region', 'Region', 'eu-west'],
      ['queueDepth', 'Queue depth', '3'],
    ])
    expect(tiles.at(-1)?.known).toBe(false)
  })

  it('always has the five seed fields, and shows objects as key-value rows with readable labels', () => {
    const tiles = overviewTiles(
      makeOverview({ tps: null, slot: null, epoch: null, totalProofs: null, proofs24h: null, extra: { avgBlockTimeMs: 400, validator_set: { activeStake: '18446744073709551615', count: 12 } } }),
    )
    for (const field of ['tps', 'slot', 'epoch', 'totalProofs', 'proofs24h']) {
      expect(tiles.find((tile) => tile.name === field)).toMatchObject({ value: 'not sent by this indexer', missing: true })
    }
    expect(tiles.find((tile) => tile.name === 'avgBlockTimeMs')?.label).toBe('Avg block time ms')
    const object = tiles.find((tile) => tile.name === 'validator_set')!
    expect(object.label).toBe('Validator set')
    expect(object.rows?.map((row) => row.label)).toEqual(['Active stake', 'Count'])
    expect(object.rows?.[0]?.value).not.toContain('{')
  })
})
