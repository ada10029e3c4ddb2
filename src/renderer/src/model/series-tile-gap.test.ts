import { describe, expect, it } from 'vitest'
import type { Overview } from '@shared/domain'
import { seriesTileGap } from './series-tile-gap'

const NOW = 1_800_000_000_000
const overview = (fields: Partial<Overview>): Overview =>
  ({ tps: null, slot: null, epoch: null, totalProofs: null, proofs24h: null, avgVerifyTimeMs: null, activeUsers24h: null, rpcLatencyMs: null, status: null, observedAt: NOW, ...fields }) as Overview
const points = (...values: number[]) => values.map((value, index) => ({ t: NOW - (values.length - 1 - index) * 30 * 60_000, value }))

describe('seriesTileGap', () => {
  it('says nothing where the chart’s last point and the tile agree up to what moved since', () => {
    expect(seriesTileGap('proofs', points(30, 38, 40), overview({ proofs24h: '44' }))).toBeNull()
    expect(seriesTileGap('proofs', points(800, 2_000), overview({ proofs24h: '2040' }))).toBeNull()
    expect(seriesTileGap('tps', points(2_900, 3_100), overview({ tps: 2_500 }))).toBeNull()
  })

  it('names both figures where they disagree beyond the tolerance', () => {
    expect(seriesTileGap('proofs', points(30, 38, 40), overview({ proofs24h: '2040' }))).toEqual({ latest: 40, tile: 2_040 })
    expect(seriesTileGap('activeUsers24h', points(12), overview({ activeUsers24h: '40' }))).toEqual({ latest: 12, tile: 40 })
    expect(seriesTileGap('tps', points(3_000), overview({ tps: 900 }))).toEqual({ latest: 3_000, tile: 900 })
  })

  it('compares nothing without both figures, or with a last point hours older than the tile', () => {
    expect(seriesTileGap('proofs', [], overview({ proofs24h: '2040' }))).toBeNull()
    expect(seriesTileGap('proofs', points(40), null)).toBeNull()
    expect(seriesTileGap('proofs', points(40), overview({ proofs24h: null }))).toBeNull()
    expect(seriesTileGap('proofs', points(40), overview({ proofs24h: 'not a number' }))).toBeNull()
    expect(seriesTileGap('proofs', points(40), overview({ proofs24h: '2040', observedAt: NOW + 3 * 60 * 60_000 }))).toBeNull()
  })

  it('does not call a few proofs apart a disagreement on a quiet indexer', () => {
    expect(seriesTileGap('proofs', points(2), overview({ proofs24h: '9' }))).toBeNull()
  })
})
