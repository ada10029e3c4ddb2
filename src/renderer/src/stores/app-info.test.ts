import { describe, expect, it } from 'vitest'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeAppInfo } from '@test/support/renderer/workspace-fixtures'
import { useAppInfoStore } from './app-info'

describe('app info store', () => {
  it('says whether this is the desktop app, once asked', async () => {
    const { bridge } = setupStores()
    bridge.handle('getAppInfo', () => makeAppInfo({ platform: 'desktop' }))
    const appInfo = useAppInfoStore()
    expect(appInfo.isDesktop).toBe(false)
    await appInfo.ensureLoaded()
    await appInfo.ensureLoaded()
    expect(appInfo.isDesktop).toBe(true)
    expect(bridge.callsOf('getAppInfo')).toHaveLength(1)
  })

  it('keeps the failure to ask', async () => {
    const { bridge } = setupStores()
    bridge.fail('getAppInfo', { code: 'INTERNAL', message: 'no answer' })
    const appInfo = useAppInfoStore()
    await appInfo.ensureLoaded()
    expect(appInfo.error?.message).toBe('no answer')
    expect(appInfo.isDesktop).toBe(false)
  })
})
