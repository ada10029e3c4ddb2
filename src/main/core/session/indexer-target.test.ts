import { describe, expect, it } from 'vitest'
import { DEMO_PROFILE_ID } from '@shared/settings'
import { changesIndexer, resolveTarget, LAUNCH_PROFILE_ID, type DemoEndpoints } from './indexer-target'
import { memorySecretStorage } from '../config/secrets'
import { applySettingsPatch, DEFAULT_SETTINGS } from '../config/settings'
import { writeSession } from '../sign-in/stored-session'

const WALLET = 'W'.repeat(40)
const DEMO: DemoEndpoints = { httpUrl: 'http://127.0.0.1:9', wsUrl: 'ws://127.0.0.1:9/ws', credential: 'cookie:zkhelios_session=demo', wallet: 'D'.repeat(44) }
const demo = () => DEMO
const mine = applySettingsPatch(DEFAULT_SETTINGS, { saveProfile: { name: 'Mine', httpUrl: 'https://idx.example', wallet: WALLET } }, () => 'mine').settings

describe('indexer target', () => {
  it('watches the demo with its own session when nothing else is chosen', () => {
    expect(resolveTarget(DEFAULT_SETTINGS, {}, memorySecretStorage(), demo)).toEqual({
      profileId: DEMO_PROFILE_ID,
      demo: true,
      httpUrl: DEMO.httpUrl,
      wsUrl: DEMO.wsUrl,
      credential: { kind: 'cookie', name: 'zkhelios_session', value: 'demo' },
      wallet: DEMO.wallet,
      signedIn: false,
      pastedCredential: false,
    })
  })

  it('watches the active profile with its stored credential and a derived socket URL', () => {
    const target = resolveTarget(mine, {}, memorySecretStorage({ mine: 'bearer:tok' }), demo)
    expect(target).toEqual({
      profileId: 'mine',
      demo: false,
      httpUrl: 'https://idx.example',
      wsUrl: 'wss://idx.example/ws',
      credential: { kind: 'bearer', token: 'tok' },
      wallet: WALLET,
      signedIn: false,
      pastedCredential: true,
    })
  })

  it('lets flags and PROOFWATCH_CREDENTIAL win for this run', () => {
    const target = resolveTarget(mine, { indexerUrl: 'http://other', credential: 'cookie:s=1', wallet: 'V'.repeat(40) }, memorySecretStorage(), demo)
    expect(target).toMatchObject({ profileId: LAUNCH_PROFILE_ID, httpUrl: 'http://other', wsUrl: 'ws://other/ws', wallet: 'V'.repeat(40) })
    expect(target.credential).toEqual({ kind: 'cookie', name: 's', value: '1' })
  })

  it('sends a sign-in session before a pasted credential, and follows the signed-in wallet', () => {
    const secrets = memorySecretStorage({ mine: 'bearer:tok' })
    const user = { pubkey: 'S'.repeat(44), displayName: 'me', role: 'USER', email: null }
    writeSession(secrets, 'https://idx.example/', { cookieName: 'zkhelios_session', cookieValue: 'jwt', user, expiresAt: 1 })
    expect(resolveTarget(mine, {}, secrets, demo)).toMatchObject({
      credential: { kind: 'cookie', name: 'zkhelios_session', value: 'jwt' },
      wallet: user.pubkey,
      signedIn: true,
      pastedCredential: true,
    })
    writeSession(secrets, DEMO.httpUrl, { cookieName: 'zkhelios_session', cookieValue: 'demo-jwt', user, expiresAt: 1 })
    expect(resolveTarget(DEFAULT_SETTINGS, {}, secrets, demo)).toMatchObject({ credential: { value: 'demo-jwt' }, signedIn: true })
    // PROOFWATCH_CREDENTIAL still wins for the run.
    expect(resolveTarget(mine, { credential: 'cookie:s=1' }, secrets, demo)).toMatchObject({ credential: { value: '1' }, signedIn: false, wallet: WALLET })
    writeSession(secrets, 'https://idx.example', null)
    expect(resolveTarget(mine, {}, secrets, demo)).toMatchObject({ credential: { kind: 'bearer' }, signedIn: false })
  })

  it('treats a stored credential that no longer parses as none', () => {
    expect(resolveTarget(mine, {}, memorySecretStorage({ mine: 'garbage' }), demo).credential).toBeNull()
  })
})

describe('changesIndexer', () => {
  it('is true for another profile, a changed active profile, or a credential saved for it', () => {
    const renamed = applySettingsPatch(mine, { saveProfile: { id: 'mine', name: 'Mine', httpUrl: 'https://other.example', wallet: WALLET } }).settings
    expect(changesIndexer(DEFAULT_SETTINGS, mine, new Map())).toBe(true)
    expect(changesIndexer(mine, renamed, new Map())).toBe(true)
    expect(changesIndexer(mine, mine, new Map([['mine', 'bearer:tok']]))).toBe(true)
  })

  it("is false when what is watched stays (other settings, another profile's credential)", () => {
    const polled = applySettingsPatch(mine, { polling: { overviewMs: 30_000 } }).settings
    expect(changesIndexer(mine, polled, new Map([['someone-else', null]]))).toBe(false)
  })
})
