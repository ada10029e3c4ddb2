/**
 * The built main process (out/main) carries the dependencies it bundles
 * (src/main/runtime/bundled-dependencies.ts) in its own files: none of them is
 * imported or required from node_modules at run time, which is what the cold
 * start relies on.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUNDLED_IN_MAIN } from '../../src/main/runtime/bundled-dependencies'

const outMain = resolve(import.meta.dirname, '..', '..', 'out', 'main')

function builtFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(join(dir, entry.name)) : entry.name.endsWith('.js') ? [join(dir, entry.name)] : [],
  )
}

/** Every module specifier the file loads: static and dynamic imports, and requires. */
function loadedSpecifiers(source: string): string[] {
  const patterns = [/\bfrom\s*["']([^"']+)["']/g, /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g, /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g, /^import\s*["']([^"']+)["']/gm]
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1]!))
}

describe('the built main process', () => {
  const files = builtFiles(outMain)

  it('was built', () => {
    expect(files.length).toBeGreaterThan(0)
  })

  it.each([...BUNDLED_IN_MAIN])('loads %s from its own files, not node_modules', (name) => {
    const loading = files.filter((file) => loadedSpecifiers(readFileSync(file, 'utf8')).some((spec) => spec === name || spec.startsWith(`${name}/`)))
    expect(loading.map((file) => file.slice(outMain.length + 1))).toEqual([])
  })

  it('still loads electron-store from node_modules', () => {
    expect(files.some((file) => loadedSpecifiers(readFileSync(file, 'utf8')).includes('electron-store'))).toBe(true)
  })
})
