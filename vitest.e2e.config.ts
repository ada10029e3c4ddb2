import { resolve } from 'node:path'
import { defineConfig } from 'vitest/config'
import { workerSource } from './src/main/runtime/worker-source.js'

const alias = { '@shared': resolve(import.meta.dirname, 'src/shared') }

export default defineConfig({
  // Some end-to-end tests drive the demo indexer in-process (to publish on cue).
  resolve: { alias },
  plugins: [workerSource({ alias })],
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts', 'test/desktop/**/*.e2e.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
