/**
 * A setup file of the node projects: runs the helpers' cleanups
 * (after-test.ts) after each test. Registered before the test file's own
 * hooks, it runs after them (Vitest runs after-hooks as a stack), so what a
 * file closes in its own afterEach is closed before its folder is removed.
 */
import { afterEach } from 'vitest'
import { runAfterTestCleanups } from './after-test'

afterEach(runAfterTestCleanups)
