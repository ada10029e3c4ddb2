/**
 * The renderer as the app builds it (the renderer section of electron.vite.config.ts): the script the first screen
 * loads (the entry and what it imports statically) stays small, and Chart.js is not part of it, because views are
 * loaded by route and the dashboard's chart after its tiles. Before the split the entry alone was about 1.1 MB.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { build, type InlineConfig } from 'vite'
import config from '../../electron.vite.config'

const root = resolve(import.meta.dirname, '..', '..')
const outDir = mkdtempSync(join(root, 'node_modules', '.pw-renderer-chunks-'))
/** What the first screen may load before it paints, in bytes: generous, a fifth of the unsplit entry. */
const FIRST_SCREEN_BUDGET = 300_000

/** The chunks a page loads at once: the entry, then every chunk imported statically, transitively. */
function firstScreenChunks(assets: string, entry: string): string[] {
  const seen = new Set<string>()
  const visit = (file: string): void => {
    if (seen.has(file)) return
    seen.add(file)
    const code = readFileSync(join(assets, file), 'utf8')
    // Static imports only: `import{…}from"./x.js"` or `import "./x.js"`; a dynamic import( ) is loaded later.
    for (const match of code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+\.js)["']/g)) visit(match[1] ?? '')
  }
  visit(entry)
  return [...seen]
}

let chunks: string[] = []
let assets = ''
let html = ''

beforeAll(async () => {
  const renderer = (config as { renderer: InlineConfig }).renderer
  await build({
    ...renderer,
    configFile: false,
    logLevel: 'silent',
    build: { ...renderer.build, outDir, emptyOutDir: true },
  })
  assets = join(outDir, 'assets')
  html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const entry = /<script type="module"[^>]*src="\.?\/assets\/([^"]+)"/.exec(html)?.[1]
  if (!entry) throw new Error(`No entry script in the built index.html:\n${html}`)
  chunks = firstScreenChunks(assets, entry)
}, 120_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('the renderer first screen', () => {
  it('loads less than the budget before it paints', () => {
    const bytes = chunks.reduce((sum, file) => sum + statSync(join(assets, file)).size, 0)
    console.log(`first screen: ${chunks.length} chunks, ${Math.round(bytes / 1000)} kB (budget ${FIRST_SCREEN_BUDGET / 1000} kB)`)
    expect(bytes).toBeLessThan(FIRST_SCREEN_BUDGET)
  })

  it('paints a styled shell before any script has run: the stylesheet in the head, the shell in #app', () => {
    const head = html.slice(0, html.indexOf('</head>'))
    const sheets = [...head.matchAll(/<link rel="stylesheet"[^>]*href="\.?\/assets\/([^"]+\.css)"/g)].map((match) => match[1] ?? '')
    expect(sheets.some((file) => readFileSync(join(assets, file), 'utf8').includes('.boot-shell'))).toBe(true)
    expect(/<div id="app">[\s\S]*class="boot-shell"[\s\S]*ProofWatch/.test(html)).toBe(true)
  })

  it('leaves Chart.js and the other views to later chunks', () => {
    const all = readdirSync(assets).filter((file) => file.endsWith('.js'))
    const withChartJs = all.filter((file) => readFileSync(join(assets, file), 'utf8').includes('chartjs'))
    expect(withChartJs.length).toBeGreaterThan(0)
    expect(chunks.filter((file) => withChartJs.includes(file))).toEqual([])
    expect(chunks.some((file) => file.startsWith('SettingsView'))).toBe(false)
  })
})
