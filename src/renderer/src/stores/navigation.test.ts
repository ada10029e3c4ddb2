import { beforeEach, describe, expect, it, vi } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { createMemoryHistory } from 'vue-router'
import type { FakeBridge } from '@test/support/renderer/fake-bridge'
import { setupStores } from '@test/support/renderer/store-setup'
import { createAppRouter } from '@renderer/router'
import { refuseReason, useNavigationStore } from './navigation'
import { settle } from '@test/support/renderer/settle'

let bridge: FakeBridge

beforeEach(() => {
  bridge = setupStores().bridge
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})

describe('navigation', () => {
  it('accepts the app routes and refuses anything else', () => {
    const router = createAppRouter(createMemoryHistory())
    expect(refuseReason(router, '/transactions/abc')).toBeNull()
    expect(refuseReason(router, '/address/abc')).toBeNull()
    expect(refuseReason(router, '/notifications')).toBeNull()
    expect(refuseReason(router, '/nowhere/at/all')).toBe('No view has this route')
    expect(refuseReason(router, 'https://evil.example')).toBe('The route is not a path of this app')
    expect(refuseReason(router, '//evil.example/x')).toBe('The route is not a path of this app')
    expect(refuseReason(router, '')).toBe('The route is empty')
    expect(refuseReason(router, 42)).toBe('The route is empty')
  })

  it('goes where the navigate event says, and keeps a refused path with its reason', async () => {
    const router = createAppRouter(createMemoryHistory())
    await router.push('/')
    const navigation = useNavigationStore()
    navigation.start(router)
    navigation.start(router)
    bridge.emit('navigate', '/proofs/Acct0001')
    await settle()
    expect(router.currentRoute.value.name).toBe('proof')
    expect(router.currentRoute.value.params).toEqual({ account: 'Acct0001' })
    expect(navigation.followed).toBe(1)

    bridge.emit('navigate', 'javascript:alert(1)')
    await flushPromises()
    expect(router.currentRoute.value.name).toBe('proof')
    expect(navigation.refused).toEqual({ path: 'javascript:alert(1)', reason: 'The route is not a path of this app' })
  })
})
