/**
 * The dependencies the main process bundles (src/main/runtime/bundled-dependencies.ts)
 * must be runtime dependencies of the app: a name that is not one (a typo, a
 * package since removed) would be left silently to node_modules.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BUNDLED_IN_MAIN } from '../../src/main/runtime/bundled-dependencies'

const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')) as { dependencies: Record<string, string> }

describe('dependencies bundled into the main process', () => {
  it.each([...BUNDLED_IN_MAIN])('%s is a runtime dependency of the app', (name) => {
    expect(Object.keys(pkg.dependencies)).toContain(name)
  })

  it('leaves electron-store to node_modules (the desktop app loads it after Electron)', () => {
    expect(BUNDLED_IN_MAIN).not.toContain('electron-store')
  })
})
