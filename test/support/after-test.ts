/**
 * What the test/support helpers open for a test (folders, stores, servers,
 * mounts) is closed after it through this one list, which
 * `cleanup-setup.ts` runs after every test of every node project. A hook
 * registered when a helper module is first imported would run in the first
 * test file of a worker only: the unit project shares modules across files
 * (isolate: false). Last registered, first run; each runs even when one
 * before it failed, and the first failure is thrown after all ran.
 */
const cleanups: Array<() => unknown> = []

/** Runs `cleanup` after the current test, last registered first. */
export function afterThisTest(cleanup: () => unknown): void {
  cleanups.push(cleanup)
}

/** @internal For cleanup-setup.ts. */
export async function runAfterTestCleanups(): Promise<void> {
  let failure: unknown = null
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup()
    } catch (error) {
      failure ??= error
    }
  }
  if (failure !== null) throw failure
}
