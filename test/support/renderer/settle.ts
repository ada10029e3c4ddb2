import { flushPromises } from '@vue/test-utils'
import { vi } from 'vitest'

/**
 * Waits until every view and component the router or an async component started loading has loaded, and what they
 * rendered has flushed. Views are fetched on first visit (see src/renderer/src/router), so a navigation is only done then.
 */
export async function settle(): Promise<void> {
  await flushPromises()
  await vi.dynamicImportSettled()
  await flushPromises()
}
