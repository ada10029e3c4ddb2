/**
 * Issue 23, defect 1: a profile whose session cookie is `demo` (the README's
 * example value) must not turn every "demo" the app shows into [redacted]:
 * the profile's name, the built-in profile's id, the log line, switching back.
 */
import { describe, expect, it } from 'vitest'
import type { PublicSettings } from '@shared/settings'
import { DEMO_PROFILE_ID } from '@shared/settings'
import { builtInDemo } from '../src/main/demo/built-in-demo'
import { createBridgeDispatcher } from '../src/main/core/bridge/bridge-dispatch'
import { memorySecretStorage } from '../src/main/core/config/secrets'
import { memorySettingsStorage } from '../src/main/core/config/settings'
import { REDACTED } from '../src/main/core/config/known-secrets'
import { waitFor } from './support/wait-for'
import { FAST_MONITOR, heard, startedPerTest } from './support/monitor-on-indexer'

const started = startedPerTest()

describe('a weak credential (cookie value "demo")', () => {
  it('leaves the app’s own words intact: profile name, built-in id, switching, log line', async () => {
    const second = await started.demo({ credential: 'demo' })
    const lines: string[] = []
    const log = {
      info: (message: string, details?: unknown) => lines.push(`info ${message} ${JSON.stringify(details ?? null)}`),
      warn: (message: string, details?: unknown) => lines.push(`warn ${message} ${JSON.stringify(details ?? null)}`),
      error: (message: string, details?: unknown) => lines.push(`error ${message} ${JSON.stringify(details ?? null)}`),
    }
    const monitor = started.monitor({ settings: memorySettingsStorage(), secrets: memorySecretStorage(), demo: builtInDemo(), log }, FAST_MONITOR)
    const { events } = heard(monitor)
    const dispatch = createBridgeDispatcher(monitor, { shown: (value) => monitor.knownSecrets.redactValue(value) })
    await monitor.start()

    const profile = { name: 'Second demo', httpUrl: second.httpUrl, credential: 'cookie:zkhelios_session=demo' }
    const tested = await dispatch('testConnection', [profile])
    expect(tested).toHaveProperty('result')
    const saved = (await dispatch('updateSettings', [{ saveProfile: profile }])) as { result: PublicSettings }
    const added = saved.result.profiles.find((p) => p.httpUrl === second.httpUrl)
    expect(added?.name).toBe('Second demo')

    // Back to the built-in demo: its id reaches the page as `demo` and the switch is accepted.
    const back = (await dispatch('updateSettings', [{ activeProfileId: DEMO_PROFILE_ID }])) as { result?: PublicSettings; error?: unknown }
    expect(back.error).toBeUndefined()
    expect(back.result?.activeProfileId).toBe(DEMO_PROFILE_ID)
    expect(back.result?.profiles.map((p) => p.id)).toContain(DEMO_PROFILE_ID)
    expect(back.result?.profiles.map((p) => p.name)).toContain('Second demo')

    await waitFor(() => lines.some((line) => line.startsWith('info demo indexer started')))
    await waitFor(() => events.some((e) => e.event === 'settings' && (e.payload as PublicSettings).activeProfileId === DEMO_PROFILE_ID))
    const settingsEvents = events.filter((e) => e.event === 'settings').map((e) => e.payload as PublicSettings)
    expect(settingsEvents.length).toBeGreaterThan(0)
    for (const shown of settingsEvents) {
      expect(JSON.stringify(shown)).not.toContain(REDACTED)
      expect(shown.profiles.some((p) => p.name === 'Second demo')).toBe(true)
    }
    expect(lines.join('\n')).not.toContain(REDACTED)
  })

  it('forgets a secret typed only for a connection test once the test ends', async () => {
    const second = await started.demo()
    const monitor = started.monitor({ settings: memorySettingsStorage(), secrets: memorySecretStorage() }, FAST_MONITOR)
    const token = 'typed-only-for-the-test-4711'
    await monitor.testConnection({ name: 'Try', httpUrl: second.httpUrl, credential: `bearer:${token}` })
    expect(monitor.knownSecrets.redactText(`echo ${token}`)).toBe(`echo ${token}`)
  })
})
