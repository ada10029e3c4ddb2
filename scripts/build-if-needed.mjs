// Builds main, preload and renderer when the sources are newer than the last build.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
// What a build writes last of each part; a build is current when all are newer than every input.
const outputs = ['out/main/index.js', 'out/main/serve.js', 'out/main/demo-indexer.js', 'out/preload/index.cjs', 'out/renderer/index.html']
const inputs = ['src', 'resources', 'electron.vite.config.ts', 'package.json', 'tsconfig.base.json']

function newestMtime(path) {
  if (!existsSync(path)) return 0
  const info = statSync(path)
  if (!info.isDirectory()) return info.mtimeMs
  let newest = info.mtimeMs
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)))
  return newest
}

export function buildIfNeeded() {
  const built = Math.min(...outputs.map((p) => (existsSync(join(root, p)) ? statSync(join(root, p)).mtimeMs : 0)))
  const changed = Math.max(...inputs.map((p) => newestMtime(join(root, p))))
  if (built >= changed) return
  // Warnings and errors only, unless asked: PROOFWATCH_BUILD_LOG=info prints every file written.
  const logLevel = process.env.PROOFWATCH_BUILD_LOG || 'warn'
  console.log('Building ProofWatch…')
  // electron-vite's own script under the Node running this one: started outside npm (the benchmark runner, node
  // scripts/…), a bare `electron-vite` is not on the PATH, and its shebang would pick whichever node is.
  const cli = join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js')
  if (!existsSync(cli)) {
    console.error(`The build cannot start: ${cli} is missing. Run npm install first.`)
    process.exit(1)
  }
  const result = spawnSync(process.execPath, [cli, 'build', '--logLevel', logLevel], { cwd: root, stdio: 'inherit' })
  if (result.error) {
    console.error(`The build could not start: ${result.error.message}`)
    process.exit(1)
  }
  if (result.status !== 0) {
    console.error('The build failed; see the output above.')
    process.exit(result.status ?? 1)
  }
}
