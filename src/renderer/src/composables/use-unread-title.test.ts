import { describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { setupStores } from '@test/support/renderer/store-setup'
import { makeUnread } from '@test/support/renderer/workspace-fixtures'
import { unreadTitle, useUnreadTitle } from './use-unread-title'

describe('the tab title', () => {
  it('shows the unread count, and none when all is read (issue 23, defect 6)', async () => {
    expect(unreadTitle(null)).toBe('ProofWatch')
    expect(unreadTitle(0)).toBe('ProofWatch')
    expect(unreadTitle(1234)).toBe('(1,234) ProofWatch')
    const { bridge } = setupStores()
    bridge.handle('getUnread', () => makeUnread(3))
    const stop = useUnreadTitle()
    await flushPromises()
    expect(document.title).toBe('(3) ProofWatch')
    bridge.emit('unread', makeUnread(0))
    await flushPromises()
    expect(document.title).toBe('ProofWatch')
    stop()
  })
})
