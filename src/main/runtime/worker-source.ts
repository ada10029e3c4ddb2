/**
 * A Vite plugin: `import source from './module?worker-source'` gives that
 * module, with everything it imports, bundled into one CommonJS text for
 * `new Worker(source, { eval: true })`. The same import works in the app's
 * bundles, in the benchmarks' and in the tests (Vitest runs Vite's plugins),
 * so a worker thread needs neither a file to find beside the bundle nor a
 * TypeScript loader.
 */
import { build, type Plugin, type Rollup } from 'vite'

const SUFFIX = '?worker-source'

export function workerSource(options: { alias: Record<string, string> }): Plugin {
  return {
    name: 'proofwatch-worker-source',
    // Vitest keys its module cache by the file's own text: a worker's text also changes with what it imports.
    configureVitest({ defineCacheKeyGenerator }) {
      defineCacheKeyGenerator(({ id }) => (id.endsWith(SUFFIX) ? false : undefined))
    },
    async resolveId(id, importer) {
      if (!id.endsWith(SUFFIX)) return null
      const resolved = await this.resolve(id.slice(0, -SUFFIX.length), importer, { skipSelf: true })
      return resolved === null ? null : `${resolved.id}${SUFFIX}`
    },
    async load(id) {
      if (!id.endsWith(SUFFIX)) return null
      const entry = id.slice(0, -SUFFIX.length)
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        resolve: { alias: options.alias },
        // Everything inside the text: a worker started from a string has no node_modules to resolve from.
        ssr: { noExternal: true },
        build: {
          ssr: entry,
          write: false,
          target: 'node24',
          minify: false,
          reportCompressedSize: false,
          rollupOptions: { output: { format: 'cjs', codeSplitting: false } },
        },
      })
      const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[]
      const chunk = outputs.flatMap((output) => output.output).find((item): item is Rollup.OutputChunk => item.type === 'chunk' && item.isEntry)
      if (chunk === undefined) throw new Error(`The worker ${entry} built to nothing`)
      // Rebuilt when any of its modules changes (Vitest's watch mode, electron-vite's dev server).
      for (const module of chunk.moduleIds) if (!module.startsWith('\0')) this.addWatchFile(module)
      return `export default ${JSON.stringify(chunk.code)}`
    },
  }
}
