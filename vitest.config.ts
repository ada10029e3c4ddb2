import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'
import { workerSource } from './src/main/runtime/worker-source.js'

const root = import.meta.dirname
const alias = {
  '@shared': resolve(root, 'src/shared'),
  '@renderer': resolve(root, 'src/renderer/src'),
  '@test': resolve(root, 'test'),
}

function testFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return testFiles(path)
    return entry.name.endsWith('.test.ts') ? [relative(root, path)] : []
  })
}

/**
 * Tests share one set-up per worker: modules evaluated once, and for the
 * renderer one happy-dom (setting these up per file was most of the suite's
 * time). A file that mocks modules, timers or globals gets its own, since a
 * module cached by another file would not see its mock.
 */
const needsOwnSetUp = (file: string): boolean => /\bvi\.(mock|doMock|useFakeTimers|stubGlobal)\(/.test(readFileSync(join(root, file), 'utf8'))
const shared = (files: string[]): string[] => files.filter((file) => !needsOwnSetUp(file))
const ownSetUp = (files: string[]): string[] => files.filter(needsOwnSetUp)
const nodeTests = ['src/main', 'src/preload', 'src/shared', 'bench'].flatMap((dir) => testFiles(join(root, dir)))
const rendererTests = testFiles(join(root, 'src/renderer'))

/** Vitest's default of 5 s is a wall-clock limit in disguise: a busy 2-core machine ran a 2 s view test past it. */
const testTimeout = 20_000

/** Worker threads started from a bundled text (the cache's write worker). */
const workers = workerSource({ alias: { '@shared': alias['@shared'] } })

const node = {
  environment: 'node' as const,
  // electron-store is ESM-only and must go through vite to see the mocked `electron`.
  server: { deps: { inline: ['electron-store'] } },
  // What test/support helpers open for a test is closed after it (test/support/after-test.ts).
  setupFiles: ['test/support/cleanup-setup.ts'],
  testTimeout,
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        plugins: [workers],
        resolve: { alias },
        // The code's own tests, beside it.
        test: { name: 'unit', include: shared(nodeTests), isolate: false, ...node },
      },
      {
        plugins: [workers],
        resolve: { alias },
        test: { name: 'unit-mocked', include: ownSetUp(nodeTests), ...node },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: { name: 'unit-dom', environment: 'happy-dom', include: shared(rendererTests), isolate: false, testTimeout },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        // A fresh VM context per file keeps their mocks apart, with happy-dom set up once per worker instead of once per file.
        test: { name: 'unit-dom-mocked', environment: 'happy-dom', include: ownSetUp(rendererTests), testTimeout, pool: 'vmThreads' },
      },
      {
        plugins: [workers],
        resolve: { alias },
        // Scenarios over real sockets, real HTTP, the real demo and the hostile suites.
        test: { name: 'scenario', include: ['test/**/*.test.ts'], ...node },
      },
    ],
  },
})
