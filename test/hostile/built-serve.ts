/**
 * Serve mode as its own process, built the way the app builds it (bundled,
 * aliases resolved, dependencies left to node_modules), so a hostile input
 * that would end the process is seen ending it. The renderer is a stand-in
 * page: these tests drive the bridge, not the interface.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { build } from 'vite'
import { workerSource } from '../../src/main/runtime/worker-source'
import { startBuilt, type Started } from '../e2e/processes'

const root = resolve(import.meta.dirname, '../..')
/** Beside out/main, so the bundle resolves ws and zod from the project's node_modules as out/main/serve.js does. */
const OUT = resolve(root, 'out/hostile')

/** Builds src/main/serve/cli.ts into out/hostile/main/serve.js (a second or two). */
export async function buildServe(): Promise<void> {
  await build({
    root,
    configFile: false,
    logLevel: 'warn',
    resolve: { alias: { '@shared': resolve(root, 'src/shared') } },
    plugins: [workerSource({ alias: { '@shared': resolve(root, 'src/shared') } })],
    build: {
      ssr: true,
      target: 'node24',
      outDir: join(OUT, 'main'),
      emptyOutDir: true,
      minify: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: { serve: resolve(root, 'src/main/serve/cli.ts') },
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'chunks/[name]-[hash].js' },
      },
    },
  })
  mkdirSync(join(OUT, 'renderer'), { recursive: true })
  writeFileSync(join(OUT, 'renderer', 'index.html'), '<!doctype html><title>ProofWatch</title>')
}

export interface ServeProcess extends Started {
  port: number
  token: string
  /** The process is still running (no exit, no signal). */
  alive(): boolean
}

/** Starts the built serve mode on a free port with a data folder of its own (or `dataDir`) and the given environment. */
export async function startServeProcess(
  args: string[] = [],
  env: Record<string, string> = {},
  dataDir: string = mkdtempSync(join(tmpdir(), 'proofwatch-hostile-serve-')),
): Promise<ServeProcess> {
  const started = await startBuilt('../hostile/main/serve.js', ['--port', '0', '--data-dir', dataDir, ...args], /serving at (\S+)/, env)
  const url = new URL(started.match[1]!)
  return {
    ...started,
    port: Number(url.port),
    token: url.searchParams.get('token') ?? '',
    alive: () => started.child.exitCode === null && started.child.signalCode === null,
  }
}
