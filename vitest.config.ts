import { readFileSync, readdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import vue from '@vitejs/plugin-vue'

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
 * Renderer tests share one happy-dom set-up per worker (setting it up per
 * file was most of their time); a file that mocks modules, timers or
 * globals gets its own, since a module cached by another file would not see
 * its mock.
 */
const rendererTests = testFiles(join(root, 'src/renderer'))
const needsOwnSetUp = (file: string): boolean => /\bvi\.(mock|doMock|useFakeTimers|stubGlobal)\(/.test(readFileSync(join(root, file), 'utf8'))
const isolatedRendererTests = rendererTests.filter(needsOwnSetUp)
const sharedRendererTests = rendererTests.filter((file) => !needsOwnSetUp(file))

const node = {
  environment: 'node' as const,
  // electron-store is ESM-only and must go through vite to see the mocked `electron`.
  server: { deps: { inline: ['electron-store'] } },
  testTimeout: 20_000,
}

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        // The code's own tests, beside it.
        test: { name: 'unit', include: ['src/main/**/*.test.ts', 'src/preload/**/*.test.ts', 'src/shared/**/*.test.ts', 'bench/**/*.test.ts'], ...node },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: { name: 'unit-dom', environment: 'happy-dom', include: sharedRendererTests, isolate: false },
      },
      {
        plugins: [vue()],
        resolve: { alias },
        test: { name: 'unit-dom-mocked', environment: 'happy-dom', include: isolatedRendererTests },
      },
      {
        resolve: { alias },
        // Scenarios over real sockets, real HTTP, the real demo and the hostile suites.
        test: { name: 'scenario', include: ['test/**/*.test.ts'], ...node },
      },
    ],
  },
})
