/**
 * The Circuits view's reads against the demo indexer over real HTTP: each
 * circuit's key fingerprinted and remembered in the cache, one alert when a
 * circuit the user's proofs use gets a new key or is disabled (never again
 * for the same change), and what was last read when the indexer is gone.
 */
import { describe, expect, it } from 'vitest'
import type { AppNotification } from '@shared/domain'
import { CIRCUIT_ALERT_ID_PREFIX } from '@shared/circuits'
import type { DemoIndexer } from '../src/main/demo/server'
import type { Monitor } from '../src/main/core/monitor/monitor'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { DEMO_WALLET } from '../src/main/demo/catalog'
import { waitFor } from './support/wait-for'
import { demoProfileOn, startedPerTest } from './support/monitor-on-indexer'

const started = startedPerTest()

async function start(): Promise<{ demo: DemoIndexer; monitor: Monitor }> {
  const running = await started.demo({ seed: 21 })
  const created = started.monitor({ settings: memorySettingsStorage(), demo: demoProfileOn(running) })
  await created.start()
  await waitFor(async () => (await created.getConnection()).http.state === 'ok')
  return { demo: running, monitor: created }
}

async function circuitAlerts(of: Monitor): Promise<AppNotification[]> {
  return (await of.listNotifications({ limit: 200 })).items.filter((entry) => entry.id.startsWith(CIRCUIT_ALERT_ID_PREFIX))
}

describe('circuit keys against the demo indexer', () => {
  it('fingerprints every circuit, and raises one entry when a circuit the wallet\'s proofs use gets a new key', async () => {
    const { demo, monitor } = await start()
    // The wallet's proofs, now in the cache: the circuits they use are the user's.
    const own = await monitor.listProofs({ authority: DEMO_WALLET, limit: 50 })
    const used = own.items[0]?.circuitId
    expect(used).toBeTruthy()

    const first = await monitor.getCircuitCatalog()
    expect(first.source).toBe('network')
    expect(first.circuits.map((circuit) => circuit.id)).toEqual(['1', '2', '3', '4', '5', '6'])
    for (const circuit of first.circuits) expect(circuit.fingerprint).toMatch(/^[0-9a-f]{4}( [0-9a-f]{4}){3}$/)
    expect(new Set(first.circuits.map((circuit) => circuit.fingerprint)).size).toBe(6)
    const before = first.circuits.find((circuit) => circuit.id === used)!
    expect(before).toMatchObject({ enabled: true, publicInputCount: expect.any(Number), registeredSlot: expect.stringMatching(/^\d+$/) })
    // A read with nothing changed raises nothing.
    await monitor.getCircuitCatalog()
    expect(await circuitAlerts(monitor)).toEqual([])

    demo.network.changeCircuitKey(Number(used))
    // Two reads at once are one read: the change is told once.
    const [changed] = await Promise.all([monitor.getCircuitCatalog(), monitor.getCircuitCatalog()])
    const after = changed.circuits.find((circuit) => circuit.id === used)!
    expect(after.fingerprint).not.toBe(before.fingerprint)
    await waitFor(async () => (await circuitAlerts(monitor)).length > 0)
    await monitor.getCircuitCatalog()
    const alerts = await circuitAlerts(monitor)
    expect(alerts).toHaveLength(1)
    expect(alerts[0]).toMatchObject({ kind: 'HEALTH', subject: { kind: 'circuit', id: used }, read: false })
    expect(alerts[0]!.title).toMatch(/has a new verifying key/)
    expect(alerts[0]!.body).toContain(`${before.fingerprint} → ${after.fingerprint}`)
  })

  it('raises one entry when such a circuit is disabled, and shows what was last read once the indexer is gone', async () => {
    const { demo, monitor } = await start()
    const own = await monitor.listProofs({ authority: DEMO_WALLET, limit: 50 })
    const used = own.items[0]!.circuitId!
    const first = await monitor.getCircuitCatalog()

    demo.network.setCircuitEnabled(Number(used), false)
    const read = await monitor.getCircuitCatalog()
    expect(read.circuits.find((circuit) => circuit.id === used)?.enabled).toBe(false)
    await waitFor(async () => (await circuitAlerts(monitor)).length === 1)
    expect((await circuitAlerts(monitor))[0]!.title).toMatch(/was disabled/)
    await monitor.getCircuitCatalog()
    expect(await circuitAlerts(monitor)).toHaveLength(1)

    await demo.close()
    const offline = await monitor.getCircuitCatalog()
    expect(offline.source).toBe('cache')
    expect(offline.problem).not.toBeNull()
    expect(offline.readAt).toBeGreaterThanOrEqual(first.readAt!)
    expect(offline.circuits.map((circuit) => [circuit.id, circuit.fingerprint])).toEqual(read.circuits.map((circuit) => [circuit.id, circuit.fingerprint]))
    expect(offline.circuits.find((circuit) => circuit.id === used)?.enabled).toBe(false)
  })
})
