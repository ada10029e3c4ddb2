/**
 * Issue 23, defect 2: the built-in demo forgot everything at restart (its
 * cache and sign-in were keyed by a random port). Two starts of the core on
 * one data folder keep its notifications, their read state, the sign-in and
 * a chain whose slot runs on.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_WALLET } from '../src/main/demo/catalog'
import type { DemoIndexer } from '../src/main/demo/server'
import { builtInDemoOf } from '../src/main/demo/built-in-demo'
import type { Monitor } from '../src/main/core/monitor/monitor'
import { createFileSecretStorage } from '../src/main/core/config/secrets'
import { createFileSettingsStorage } from '../src/main/core/config/file-settings-storage'
import { HISTORY_FILE_NAME } from '../src/main/core/history/database'
import { DEMO_KEYPAIR_FILE } from '../src/main/core/sign-in/demo-keypair'
import { waitFor } from './support/wait-for'
import { drivableDemo, FAST_MONITOR, startedPerTest } from './support/monitor-on-indexer'

const started = startedPerTest()

/** The core as serve mode composes it on `dataDir`, with a handle on the demo it starts. */
function startOn(dataDir: string): { monitor: Monitor; demo: () => DemoIndexer } {
  const demo = drivableDemo(builtInDemoOf(dataDir, undefined))
  const created = started.monitor(
    {
      settings: createFileSettingsStorage(dataDir),
      secrets: createFileSecretStorage(dataDir),
      historyPath: join(dataDir, HISTORY_FILE_NAME),
      demoKeypairPath: join(dataDir, DEMO_KEYPAIR_FILE),
      demo: demo.builtIn,
    },
    FAST_MONITOR,
  )
  return { monitor: created, demo: demo.indexer }
}

describe('the built-in demo on one data folder', () => {
  it('keeps notifications, their read state, the sign-in and its chain across two starts', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'proofwatch-demo-restart-'))
    started.closeAfterCores({ close: () => rmSync(dataDir, { recursive: true, force: true }) })

    const first = startOn(dataDir)
    await first.monitor.start()
    const shown = await first.monitor.signInWithKeypair(join(dataDir, DEMO_KEYPAIR_FILE))
    await first.monitor.confirmSignIn(shown.confirmation!.id, true)
    await waitFor(async () => (await first.monitor.getConnection()).userChannels === 'ok')
    const published = first.demo().network.publishProof({ authority: DEMO_WALLET })
    let ownId = ''
    await waitFor(async () => {
      const items = (await first.monitor.listNotifications({ limit: 200 })).items
      ownId = items.find((n) => JSON.stringify(n).includes(published.proof.proofAccount))?.id ?? ''
      return ownId !== ''
    })
    await first.monitor.markNotificationsRead([ownId])
    const slotBefore = BigInt((await first.monitor.getOverview()).slot ?? '0')
    await first.monitor.stop()

    const second = startOn(dataDir)
    await second.monitor.start()
    await waitFor(async () => (await second.monitor.getAuth()).status === 'signed-in')
    expect((await second.monitor.getAuth()).user?.pubkey).toBe(DEMO_WALLET)
    const kept = (await second.monitor.listNotifications({ limit: 200 })).items.find((n) => n.id === ownId)
    expect(kept).toMatchObject({ id: ownId, read: true })
    expect(BigInt((await second.monitor.getOverview()).slot ?? '-1')).toBeGreaterThanOrEqual(slotBefore)
    expect(second.demo().httpUrl).toBe(first.demo().httpUrl)
  })
})
