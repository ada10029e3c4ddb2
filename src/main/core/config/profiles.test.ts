import { describe, expect, it } from 'vitest'
import { DEFAULT_SETTINGS, type SavedSettings } from './settings'
import { activeProfile, adoptWallet } from './profiles'

const WALLET = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin'

function saved(activeProfileId: string): SavedSettings {
  return {
    ...DEFAULT_SETTINGS,
    activeProfileId,
    profiles: [{ id: 'p1', name: 'One', httpUrl: 'https://one.example', wsUrl: null, wallet: null }],
  } as SavedSettings
}

describe('activeProfile', () => {
  it('is the saved profile the settings name, and undefined for an id no profile has', () => {
    expect(activeProfile(saved('p1'))?.name).toBe('One')
    expect(activeProfile(saved('demo'))).toBeUndefined()
  })
})

describe('adoptWallet', () => {
  it('saves a new wallet into the active profile and says so', () => {
    const settings = saved('p1')
    expect(adoptWallet(settings, WALLET, {})).toBe(true)
    expect(settings.profiles[0]!.wallet).toBe(WALLET)
    expect(adoptWallet(settings, WALLET, {})).toBe(false)
  })

  it('leaves the profile alone without a wallet, without an active profile, or when flags named the indexer', () => {
    for (const [settings, wallet, launch] of [
      [saved('p1'), null, {}],
      [saved('demo'), WALLET, {}],
      [saved('p1'), WALLET, { indexerUrl: 'https://flag.example' }],
    ] as const) {
      expect(adoptWallet(settings, wallet, launch)).toBe(false)
      expect(settings.profiles[0]!.wallet).toBeNull()
    }
  })
})
