import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createFileSettingsStore } from './file-settings-store'

const tempDir = () => mkdtempSync(join(tmpdir(), 'proofwatch-settings-'))

describe('file settings store', () => {
  it('starts with the demo indexer and persists what is written', () => {
    const dir = tempDir()
    const store = createFileSettingsStore(dir)
    expect(store.read()).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
    store.write({ indexerUrl: 'http://127.0.0.1:8787', wsUrl: null, useDemo: false })
    expect(createFileSettingsStore(dir).read()).toEqual({ indexerUrl: 'http://127.0.0.1:8787', wsUrl: null, useDemo: false })
  })

  it('keeps an unreadable file aside and starts from defaults', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'settings.json'), '{"indexerUrl": "http://x', 'utf8')
    const warnings: string[] = []
    const store = createFileSettingsStore(dir, { info() {}, warn: (m) => warnings.push(m), error() {} })
    expect(store.read().indexerUrl).toBeNull()
    const aside = readdirSync(dir).find((f) => f.startsWith('settings.json.unreadable-'))
    expect(aside).toBeDefined()
    expect(readFileSync(join(dir, aside!), 'utf8')).toContain('http://x')
    expect(warnings).toHaveLength(1)
  })

  it('starts from defaults when the saved settings do not validate', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ indexerUrl: 42, wsUrl: 'ws://h/ws' }))
    expect(createFileSettingsStore(dir).read()).toEqual({ indexerUrl: null, wsUrl: null, useDemo: true })
  })
})
