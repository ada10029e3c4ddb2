import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import vue from '@vitejs/plugin-vue'
import type { Plugin } from 'vite'

/**
 * Under the dev server, Vite injects component styles as inline <style> tags
 * and talks to its hot-reload WebSocket; the strict CSP of index.html would
 * block both. Only `electron-vite dev` gets this; builds keep the strict tag.
 */
const devContentSecurityPolicy = (): Plugin => ({
  name: 'proofwatch-dev-csp',
  apply: 'serve',
  transformIndexHtml: (html) =>
    html
      .replace("style-src 'self'", "style-src 'self' 'unsafe-inline'")
      .replace("connect-src 'self'", "connect-src 'self' ws://localhost:* ws://127.0.0.1:*"),
})

const shared = { '@shared': resolve(import.meta.dirname, 'src/shared') }

export default defineConfig({
  main: {
    resolve: { alias: shared },
    build: {
      rollupOptions: {
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
      rollupOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
  },
})
