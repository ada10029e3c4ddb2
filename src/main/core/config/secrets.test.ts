import { mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createFileSecretStorage, memorySecretStorage } from './secrets'

const tempDir = () => mkdtempSync(join(tmpdir(), 'proofwatch-secrets-'))

describe('secret stores', () => {
  it('keeps, replaces and removes values in memory', () => {
    const store = memorySecretStorage({ a: 'bearer:x' })
    expect(store.get('a')).toBe('bearer:x')
    store.set('a', null)
    expect(store.get('a')).toBeNull()
  })

  it('persists credentials in a file only its user can read, and says it is not encrypted', () => {
    const dir = tempDir()
    const store = createFileSecretStorage(dir)
    store.set('mine', 'cookie:s=abc')
    expect(createFileSecretStorage(dir).get('mine')).toBe('cookie:s=abc')
    expect(statSync(join(dir, 'credentials.json')).mode & 0o777).toBe(0o600)
    expect(store.encrypted).toBe(false)
    expect(store.warning).toMatch(/unencrypted/)
  })

  it('moves an unreadable file aside and starts empty', () => {
    const dir = tempDir()
    writeFileSync(join(dir, 'credentials.json'), '{not json')
    const warnings: string[] = []
    const store = createFileSecretStorage(dir, { info() {}, warn: (m) => warnings.push(m), error() {} })
    expect(store.get('mine')).toBeNull()
    expect(readdirSync(dir).some((f) => f.startsWith('credentials.json.unreadable-'))).toBe(true)
    expect(warnings).toHaveLength(1)
  })
})
