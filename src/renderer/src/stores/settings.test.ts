import { beforeEach, describe, expect, it } from 'vitest'
import type { FakeBridge } from '@renderer/test-utils/fake-bridge'
import { setupStores } from '@renderer/test-utils/store-setup'
import { useSettingsStore } from './settings'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
  bridge.handle('getSettings', () => ({ indexerUrl: null, wsUrl: null, useDemo: true }))
})

describe('settings store', () => {
  it('loads and saves settings', async () => {
    bridge.handle('updateSettings', (patch) => ({ indexerUrl: patch.indexerUrl ?? null, wsUrl: null, useDemo: false }))
    const settings = useSettingsStore()
    await settings.load()
    expect(settings.settings).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
    expect(await settings.save({ indexerUrl: 'https://indexer.example', wsUrl: null })).toBe(true)
    expect(settings.settings?.indexerUrl).toBe('https://indexer.example')
    expect(settings.savedAt).not.toBeNull()
    expect(bridge.callsOf('updateSettings')).toEqual([[{ indexerUrl: 'https://indexer.example', wsUrl: null }]])
  })

  it('keeps the validation error and the previous settings', async () => {
    bridge.fail('updateSettings', { code: 'INVALID_ARGUMENT', message: 'indexerUrl must be an http(s) URL' })
    const settings = useSettingsStore()
    await settings.load()
    expect(await settings.save({ indexerUrl: 'ftp://nope' })).toBe(false)
    expect(settings.saveError?.message).toBe('indexerUrl must be an http(s) URL')
    expect(settings.settings).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
    expect(settings.savedAt).toBeNull()
  })
})
