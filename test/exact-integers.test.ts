/**
 * Integers above 2^53 from a real HTTP indexer stay exact all the way: the
 * decoders, the file cache (also when a cached page is read after such a
 * slot), both bridge transports, the page's formatters and the CSV export.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Bridge } from '@shared/bridge'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { createMonitor, type Monitor } from '../src/main/core/monitor/monitor'
import { overviewTiles } from '../src/renderer/src/model/overview-tiles'
import { feeInLamports, formatFee } from '../src/renderer/src/format/lamports'
import { formatU64 } from '../src/renderer/src/format/u64'
import { startHostileIndexer, type HostileIndexer } from './hostile/hostile-indexer'
import { ABOVE_2_53, answerWithBigIntegers, U64_MAX, type BigIntegerRecords } from './support/big-integer-answers'
import { bothTransports, type BothTransports } from './support/bridge-transports'
import { watchingSettings } from './support/watching-settings'

let indexer: HostileIndexer
let records: BigIntegerRecords
let monitor: Monitor
let both: BothTransports
let transports: Array<[string, Bridge]>

beforeAll(async () => {
  indexer = await startHostileIndexer()
  records = answerWithBigIntegers(indexer)
  const dir = mkdtempSync(join(tmpdir(), 'pw-exact-'))
  monitor = createMonitor({ settings: memorySettingsStorage(watchingSettings(indexer.httpUrl)), historyPath: join(dir, 'history.sqlite') })
  await monitor.start()
  both = await bothTransports(monitor)
  transports = [
    ['Electron IPC (structured clone)', both.window.bridge],
    ['serve mode (JSON)', both.page],
  ]
})

afterAll(async () => {
  await both?.close()
  await monitor?.stop()
  await indexer?.close()
})

describe('integers above 2^53 from the indexer', () => {
  it('reach the overview tiles exact over both transports', async () => {
    for (const [name, bridge] of transports) {
      const overview = await bridge.getOverview()
      expect(overview, name).toMatchObject({ slot: ABOVE_2_53[0], totalProofs: U64_MAX, proofs24h: ABOVE_2_53[0], activeUsers24h: U64_MAX })
      const shown = Object.fromEntries(overviewTiles(overview).map((tile) => [tile.name, tile.value]))
      expect(shown, name).toMatchObject({
        slot: '9,007,199,254,740,993',
        totalProofs: '18,446,744,073,709,551,615',
        proofs24h: '9,007,199,254,740,993',
        activeUsers24h: '18,446,744,073,709,551,615',
      })
    }
  })

  it('keep leaderboard counts exact', async () => {
    for (const [name, bridge] of transports) {
      const board = await bridge.getLeaderboard({ limit: 2 })
      expect(board.entries.map((entry) => formatU64(entry.proofCount, 'en-US')), name).toEqual(['18,446,744,073,709,551,615', '9,007,199,254,740,993'])
    }
  })

  it('keep transaction slots, fees and compute units exact, and the fee is SOL without a float', async () => {
    for (const [name, bridge] of transports) {
      const page = await bridge.listTransactions({ limit: 3 })
      expect(page.total, name).toBe(U64_MAX)
      const first = page.items[0]!
      expect(first, name).toMatchObject({ signature: records.signatures[0], slot: ABOVE_2_53[2], fee: ABOVE_2_53[0], computeUnits: U64_MAX })
      expect(formatFee(first.fee, 'en-US'), name).toBe('9,007,199.254740993 SOL')
      expect(feeInLamports(first.fee, 'en-US'), name).toBe('9,007,199,254,740,993 lamports')
      expect(formatFee(page.items[1]!.fee, 'en-US'), name).toBe('18,446,744,073.709551615 SOL')
      const detail = await bridge.getTransaction(records.signatures[0]!)
      expect(detail, name).toMatchObject({ slot: ABOVE_2_53[2], fee: ABOVE_2_53[0], computeUnits: U64_MAX })
    }
  })

  it('page through the cache after a slot above 2^53 in slot order', async () => {
    await monitor.listProofs({ limit: 3 })
    for (const [name, bridge] of transports) {
      const seen: string[] = []
      let cursor: string | undefined
      do {
        const page = await bridge.listProofs({ limit: 1, cursor }, { source: 'cache' })
        seen.push(...page.items.map((proof) => `${proof.proofAccount} ${proof.slotVerified}`))
        cursor = page.nextCursor ?? undefined
      } while (cursor !== undefined && seen.length < 10)
      expect(seen, name).toEqual(records.proofAccounts.map((account, index) => `${account} ${ABOVE_2_53[2 - index]!}`))
    }
  })

  it('export them exact to CSV', async () => {
    await monitor.listTransactions({ limit: 3 })
    const outcome = await both.page.exportHistory({ kind: 'transactions', format: 'csv', filter: {} })
    if (outcome.status !== 'download') throw new Error(`expected a download, got ${outcome.status}`)
    const csv = await (await fetch(new URL(outcome.url, `http://127.0.0.1:${both.serve.port}/`))).text()
    const [header, ...rows] = csv.trim().split('\r\n')
    const columns = header!.split(',')
    const cell = (row: string, name: string) => row.split(',')[columns.indexOf(name)]
    expect(rows.map((row) => [cell(row, 'slot'), cell(row, 'fee_lamports'), cell(row, 'computeUnits')])).toEqual([
      [ABOVE_2_53[2], ABOVE_2_53[0], U64_MAX],
      [ABOVE_2_53[1], U64_MAX, U64_MAX],
      [ABOVE_2_53[0], U64_MAX, U64_MAX],
    ])
  })
})
