/**
 * The signed-in account, secured, against the demo indexer over real HTTP:
 * the sessions list with this app's own marked, a sign-in from another
 * device raising one notification, "End all other sessions" ending it on the
 * indexer, and the account's notification preferences read and changed.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { BridgeEvent, BridgeEvents } from '@shared/bridge'
import { DEMO_WALLET, demoWalletKeypair } from '../src/main/demo/catalog'
import type { DemoIndexer } from '../src/main/demo/server'
import type { Monitor } from '../src/main/core/monitor/monitor'
import { memorySecretStorage } from '../src/main/core/config/secrets'
import { applySettingsPatch, DEFAULT_SETTINGS, memorySettingsStorage } from '../src/main/core/config/settings'
import { buildSignInMessage, decodeSignInChallenge } from '../src/main/core/indexer/sign-in'
import { encodeBase58, privateKeyFromSeed, signMessage } from '../src/main/core/sign-in/ed25519'
import { waitFor } from './support/wait-for'
import { heard, startedPerTest } from './support/monitor-on-indexer'
import { tempFolder } from './support/temp-folder'

const started = startedPerTest()

async function signedIn(): Promise<{ monitor: Monitor; demo: DemoIndexer; events: BridgeEvent[] }> {
  const demo = await started.demo({ credential: '', statsIntervalMs: 60_000 })
  const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Demo', httpUrl: demo.httpUrl } }, () => 'p').settings
  const monitor = started.monitor({ settings: memorySettingsStorage(settings), secrets: memorySecretStorage() })
  const { events } = heard(monitor)
  await monitor.start()
  const file = join(tempFolder('proofwatch-account-'), 'id.json')
  writeFileSync(file, JSON.stringify(demoWalletKeypair()))
  const shown = await monitor.signInWithKeypair(file)
  expect((await monitor.confirmSignIn(shown.confirmation!.id, true)).status).toBe('signed-in')
  return { monitor, demo, events }
}

/** Signs in to the demo as the demo wallet from "another device": its own user agent, its own cookie. */
async function signInElsewhere(indexer: DemoIndexer, userAgent: string): Promise<string> {
  const challenge = decodeSignInChallenge(
    await (await fetch(`${indexer.httpUrl}/api/auth/nonce`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pubkey: DEMO_WALLET }) })).json(),
  )
  const message = buildSignInMessage(challenge, DEMO_WALLET)
  const key = privateKeyFromSeed(Uint8Array.from(demoWalletKeypair().slice(0, 32)))
  const verified = await fetch(`${indexer.httpUrl}/api/auth/verify`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': userAgent },
    body: JSON.stringify({ message, signature: encodeBase58(signMessage(key, message)), pubkey: DEMO_WALLET }),
  })
  expect(verified.status).toBe(200)
  return /zkhelios_session=([^;]+)/.exec(verified.headers.get('set-cookie') ?? '')?.[1] as string
}

const notificationsOf = (events: BridgeEvent[]) => events.filter((e) => e.event === 'notifications').flatMap((e) => e.payload as BridgeEvents['notifications'])

describe('the account, secured', () => {
  it('lists the sessions, tells a sign-in from another device once, and ends all others', async () => {
    const { monitor, demo, events } = await signedIn()
    const first = await monitor.getAccountSessions()
    expect(first).toMatchObject({ available: 'yes', problem: null })
    expect(first.sessions.filter((s) => s.thisApp)).toHaveLength(1)

    const phoneCookie = await signInElsewhere(demo, 'PhoneWallet/2.0')
    const second = await monitor.getAccountSessions()
    const phone = second.sessions.find((s) => !s.thisApp)
    expect(phone).toMatchObject({ ip: '127.0.0.1', userAgent: 'PhoneWallet/2.0' })
    await waitFor(() => notificationsOf(events).some((n) => n.title === 'A new sign-in to your account'))
    const told = notificationsOf(events).filter((n) => n.title === 'A new sign-in to your account')
    expect(told[0]?.body).toContain('PhoneWallet/2.0')
    // Read again: told once only.
    await monitor.getAccountSessions()
    expect(notificationsOf(events).filter((n) => n.title === 'A new sign-in to your account' && n.id === told[0]?.id).length).toBe(told.length)

    // This app's own session cannot be ended from the list (Sign out does that).
    const own = second.sessions.find((s) => s.thisApp)!
    await expect(monitor.endAccountSession(own.id)).rejects.toMatchObject({ message: expect.stringContaining('Sign out') })

    const after = await monitor.endAccountSession('others')
    expect(after.sessions.map((s) => s.thisApp)).toEqual([true])
    const me = await fetch(`${demo.httpUrl}/api/auth/me`, { headers: { cookie: `zkhelios_session=${phoneCookie}` } })
    expect(((await me.json()) as { code: string }).code).toBe('AUTH_SESSION_EXPIRED')
    expect((await monitor.getAuth()).status).toBe('signed-in')
  })

  it('ends one session by id, and refuses an unknown one with the indexer’s reason', async () => {
    const { monitor, demo } = await signedIn()
    await monitor.getAccountSessions()
    await signInElsewhere(demo, 'Laptop')
    const listed = await monitor.getAccountSessions()
    const laptop = listed.sessions.find((s) => s.userAgent === 'Laptop')!
    expect((await monitor.endAccountSession(laptop.id)).sessions.some((s) => s.id === laptop.id)).toBe(false)
    await expect(monitor.endAccountSession('no-such-session')).rejects.toMatchObject({ status: 404 })
  })

  it('reads and changes the account’s notification preferences on the indexer', async () => {
    const { monitor } = await signedIn()
    const read = await monitor.getAccountPreferences()
    expect(read).toMatchObject({ available: 'yes', preferences: { channels: { inApp: true, email: false, push: false }, events: { circuitRegistered: false } } })
    const changed = await monitor.setAccountPreferences({ events: { circuitRegistered: true } })
    expect(changed.preferences?.events.circuitRegistered).toBe(true)
    expect((await monitor.getAccountPreferences()).preferences?.events.circuitRegistered).toBe(true)
    await expect(monitor.setAccountPreferences({ events: { notAnEvent: true } })).rejects.toMatchObject({ status: 400 })
  })

  it('says there is nothing to list while signed out', async () => {
    const demo = await started.demo({ credential: '', statsIntervalMs: 60_000 })
    const settings = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Demo', httpUrl: demo.httpUrl } }, () => 'p').settings
    const monitor = started.monitor({ settings: memorySettingsStorage(settings), secrets: memorySecretStorage() })
    await monitor.start()
    expect(await monitor.getAccountSessions()).toMatchObject({ available: 'signed-out', sessions: [] })
    expect(await monitor.getAccountPreferences()).toMatchObject({ available: 'signed-out', preferences: null })
    await expect(monitor.endAccountSession('others')).rejects.toMatchObject({ message: expect.stringContaining('Sign in') })
  })
})
