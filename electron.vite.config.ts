import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'
import { devServerSources, metaContentSecurityPolicy } from './src/shared/content-security-policy'
import { BUNDLED_IN_MAIN, REQUIRED_ON_USE } from './src/main/runtime/bundled-dependencies'
import { builtinsThroughRequire } from './src/main/runtime/builtins-through-require'
import { workerSource } from './src/main/runtime/worker-source'

/** Under the dev server the page's meta CSP gets what Vite needs (see devServerSources); builds keep the strict tag. */
const devContentSecurityPolicy = (): Plugin => {
  let origin = 'http://localhost:5173'
  return {
    name: 'proofwatch-dev-csp',
    apply: 'serve',
    configureServer(server) {
      server.httpServer?.once('listening', () => {
        const url = server.resolvedUrls?.local[0]
        if (url) origin = new URL(url).origin
      })
    },
    transformIndexHtml: (html) =>
      html.replace(
        /(http-equiv="Content-Security-Policy"\s+content=")[^"]*(")/,
        `$1${metaContentSecurityPolicy(devServerSources(origin))}$2`,
      ),
  }
}

const shared = { '@shared': resolve(import.meta.dirname, 'src/shared') }
// Rolldown's [PLUGIN_TIMINGS] warning names slow plugins on a cold disk: noise in `npm start`'s output, not a fault.
const checks = { bundlerTimings: false }

export default defineConfig({
  main: {
    resolve: { alias: shared },
    plugins: [builtinsThroughRequire({ lazy: REQUIRED_ON_USE }), workerSource({ alias: shared })],
    build: {
      // Bundled for a faster cold start (see bundled-dependencies.ts).
      externalizeDeps: { exclude: [...BUNDLED_IN_MAIN] },
      rollupOptions: {
        checks,
        input: {
          // Electron main process.
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // The same core without Electron: browser serve mode and the demo indexer.
          serve: resolve(import.meta.dirname, 'src/main/serve/cli.ts'),
          'demo-indexer': resolve(import.meta.dirname, 'src/main/demo/cli.ts'),
        },
      },
    },
  },
  preload: {
    resolve: { alias: shared },
    build: {
      // A sandboxed preload must be one self-contained CommonJS file.
      externalizeDeps: false,
      rollupOptions: {
        checks,
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false },
      },
    },
  },
  renderer: {
    root: resolve(import.meta.dirname, 'src/renderer'),
    resolve: { alias: { ...shared, '@renderer': resolve(import.meta.dirname, 'src/renderer/src') } },
    plugins: [vue(), devContentSecurityPolicy()],
    build: {
      // electron-vite leaves the renderer unminified; serve mode sends it over HTTP and every cold load parses it.
      minify: true,
      rollupOptions: {
        checks,
        input: {
          index: resolve(import.meta.dirname, 'src/renderer/index.html'),
          // The one-time sign-in page main serves on 127.0.0.1, with the Wallet Standard bundled in (no CDN).
          'sign-in': resolve(import.meta.dirname, 'src/renderer/sign-in.html'),
        },
      },
    },
  },
})
