/**
 * The build plugin that reads Node's built-ins through require
 * (runtime/builtins-through-require.ts), checked on a real Vite build of a small
 * entry: ESM imports of built-ins are gone from the output, a CommonJS require
 * still gets the built-in itself, a built-in named `lazy` is required only
 * when first used, and the built file runs.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build } from 'vite'
import { builtinsThroughRequire } from '../../src/main/runtime/builtins-through-require'

const dir = mkdtempSync(join(tmpdir(), 'pw-builtins-'))
let output = ''

beforeAll(async () => {
  writeFileSync(
    join(dir, 'legacy.cjs'),
    "const EventEmitter = require('events')\nmodule.exports = class Legacy extends EventEmitter {}\n",
  )
  writeFileSync(
    join(dir, 'compressing.cjs'),
    "const zlib = require('zlib')\nmodule.exports = (text) => zlib.inflateRawSync(zlib.deflateRawSync(Buffer.from(text))).toString()\n",
  )
  writeFileSync(
    join(dir, 'entry.js'),
    [
      "import { readFileSync } from 'node:fs'",
      "import path, { basename } from 'node:path'",
      "import Legacy from './legacy.cjs'",
      "import roundTrip from './compressing.cjs'",
      'const legacy = new Legacy()',
      "const zlibLoaded = () => process.moduleLoadList.includes('NativeModule zlib')",
      'const zlibAtLoad = zlibLoaded()',
      "const text = roundTrip('compressed and back')",
      'process.stdout.write(JSON.stringify({ read: typeof readFileSync, base: basename(\'/a/b.txt\'), sep: path.sep, emits: typeof legacy.emit, zlibAtLoad, text, zlibAfterUse: zlibLoaded() }))',
    ].join('\n'),
  )
  await build({
    configFile: false,
    logLevel: 'silent',
    root: dir,
    plugins: [builtinsThroughRequire({ lazy: ['zlib'] })],
    build: { ssr: join(dir, 'entry.js'), outDir: join(dir, 'out'), target: 'node24', minify: false, rollupOptions: { output: { format: 'es', entryFileNames: '[name].js' } } },
  })
  output = readFileSync(join(dir, 'out', 'entry.js'), 'utf8')
})

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('built-ins read through require', () => {
  it('leaves no ESM import of a built-in but node:module', () => {
    const imported = [...output.matchAll(/\bfrom\s*["']([^"']+)["']/g)].map((match) => match[1])
    expect(imported.filter((specifier) => specifier !== 'node:module')).toEqual([])
    expect(output).toContain('("node:fs")')
  })

  it('exports only what the bundle uses from a built-in', () => {
    expect(output).toContain('"readFileSync"')
    expect(output).not.toContain('"createReadStream"')
  })

  it('runs: named and default imports work, a CommonJS require still gets the built-in itself, and a lazy one loads at first use', () => {
    const printed = execFileSync(process.execPath, [join(dir, 'out', 'entry.js')], { encoding: 'utf8' })
    expect(JSON.parse(printed)).toEqual({
      read: 'function',
      base: 'b.txt',
      sep: '/',
      emits: 'function',
      zlibAtLoad: false,
      text: 'compressed and back',
      zlibAfterUse: true,
    })
  })
})
