/**
 * Builds the benchmarks into out/bench the way the app's main process is
 * built (bundled, aliases resolved, the same dependencies bundled in and the
 * rest left to node_modules), so child processes start the way the app does,
 * not through a TypeScript loader.
 */
import { resolve } from 'node:path'
import { defineConfig } from 'vite'
import { BUNDLED_IN_MAIN, REQUIRED_ON_USE } from '../src/main/runtime/bundled-dependencies.js'
import { builtinsThroughRequire } from '../src/main/runtime/builtins-through-require.js'
import { workerSource } from '../src/main/runtime/worker-source.js'

const root = resolve(import.meta.dirname, '..')
const bench = (path: string): string => resolve(root, 'bench', path)

export default defineConfig({
  root,
  logLevel: 'warn',
  // As the app's main process is built.
  plugins: [builtinsThroughRequire({ lazy: REQUIRED_ON_USE }), workerSource({ alias: { '@shared': resolve(root, 'src/shared') } })],
  resolve: { alias: { '@shared': resolve(root, 'src/shared') } },
  // As the app's main process bundles them (see bundled-dependencies.ts), with bs58's own dependency, which
  // electron-vite bundles as it is not one of ours.
  ssr: { noExternal: [...BUNDLED_IN_MAIN, 'base-x'] },
  build: {
    ssr: true,
    target: 'node24',
    outDir: resolve(root, 'out/bench'),
    emptyOutDir: true,
    minify: false,
    reportCompressedSize: false,
    rollupOptions: {
      input: {
        run: bench('run.ts'),
        // Started as their own processes by the benchmarks.
        'children/indexer': bench('children/indexer.ts'),
        'children/pipeline': bench('children/pipeline.ts'),
        'children/idle-core': bench('children/idle-core.ts'),
        'children/frame-sender': bench('children/frame-sender.ts'),
        'children/relay': bench('children/relay.ts'),
        'children/bare-start': bench('children/bare-start.ts'),
        'children/cold-start-store': bench('children/cold-start-store.ts'),
        'children/cold-start-monitor': bench('children/cold-start-monitor.ts'),
        'children/cold-start-json': bench('children/cold-start-json.ts'),
        'children/damaged-start': bench('children/damaged-start.ts'),
      },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
})
