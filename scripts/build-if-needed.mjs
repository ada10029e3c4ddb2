// Builds main, preload and renderer when the sources are newer than the last build.
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const root = fileURLToPath(new URL('..', import.meta.url))
const stamp = join(root, 'out', '.build-stamp')
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
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0
  const changed = Math.max(...inputs.map((p) => newestMtime(join(root, p))))
  if (built >= changed) return
  console.log('Building ProofWatch…')
  const result = spawnSync('electron-vite', ['build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) {
    console.error('The build failed; see the output above.')
    process.exit(result.status ?? 1)
  }
  writeFileSync(stamp, new Date().toISOString() + '\n')
}
