import { describe, expect, it } from 'vitest'
import { afterThisTest, runAfterTestCleanups } from './after-test'

describe("the helpers' after-test cleanups", () => {
  it('run last registered first, all of them even after a failure, and then throw the first failure', async () => {
    const ran: string[] = []
    afterThisTest(() => ran.push('folder'))
    afterThisTest(() => {
      ran.push('store')
      throw new Error('the store would not close')
    })
    afterThisTest(async () => {
      ran.push('server')
      throw new Error('the server would not close')
    })
    await expect(runAfterTestCleanups()).rejects.toThrow('the server would not close')
    expect(ran).toEqual(['server', 'store', 'folder'])
    // Run once: nothing is left for the setup file's own run after this test.
    await expect(runAfterTestCleanups()).resolves.toBeUndefined()
  })
})
