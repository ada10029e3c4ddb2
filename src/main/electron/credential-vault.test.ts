import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Logger } from '../core/log/log'
import { NO_KEYRING_WARNING, openCredentialVault } from './credential-vault'
import { FakeSafeStorage } from '@test/support/fake-electron'

let dir: string
let file: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proofwatch-vault-'))
  file = join(dir, 'credentials.enc.json')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function recordingLog(): Logger & { lines: string[] } {
  const lines: string[] = []
  const write = (message: string, details?: unknown) => void lines.push(`${message} ${JSON.stringify(details ?? null)}`)
  return { lines, info: write, warn: write, error: write }
}

const SECRET = 'cookie:zkhelios_session=very-secret-value'

describe('openCredentialVault', () => {
  it('keeps credentials encrypted on disk (owner-only) and reads them back at the next start', async () => {
    const safeStorage = new FakeSafeStorage()
    const vault = await openCredentialVault({ safeStorage, file, platform: 'linux', log: recordingLog() })
    expect(vault.encrypted).toBe(true)
    expect(vault.warning).toBeNull()
    vault.set('profile-1', SECRET)
    await vault.flush()
    const text = readFileSync(file, 'utf8')
    expect(text).not.toContain('very-secret-value')
    expect(statSync(file).mode & 0o777).toBe(0o600)
    const again = await openCredentialVault({ safeStorage, file, platform: 'linux', log: recordingLog() })
    expect(again.get('profile-1')).toBe(SECRET)
    again.set('profile-1', null)
    await again.flush()
    expect((await openCredentialVault({ safeStorage, file, platform: 'linux', log: recordingLog() })).get('profile-1')).toBeNull()
  })

  it('writes nothing without a keyring (and not with the basic_text stand-in), keeping credentials for the session with a warning', async () => {
    for (const safeStorage of [Object.assign(new FakeSafeStorage(), { available: false }), Object.assign(new FakeSafeStorage(), { backend: 'basic_text' })]) {
      const log = recordingLog()
      const vault = await openCredentialVault({ safeStorage, file, platform: 'linux', log })
      vault.set('p', SECRET)
      await vault.flush()
      expect(vault.get('p')).toBe(SECRET)
      expect(vault.encrypted).toBe(false)
      expect(vault.warning).toBe(NO_KEYRING_WARNING)
      expect(existsSync(file)).toBe(false)
      expect(log.lines.join('\n')).not.toContain('very-secret-value')
    }
  })

  it('trusts basic_text on platforms that do not have it', async () => {
    const vault = await openCredentialVault({ safeStorage: Object.assign(new FakeSafeStorage(), { backend: 'basic_text' }), file, platform: 'win32', log: recordingLog() })
    expect(vault.encrypted).toBe(true)
  })

  it('moves an unreadable file aside and says the credentials must be entered again', async () => {
    writeFileSync(file, '{"version": 1, "entries": ')
    const vault = await openCredentialVault({ safeStorage: new FakeSafeStorage(), file, platform: 'darwin', log: recordingLog() })
    expect(vault.get('p')).toBeNull()
    expect(vault.warning).toBe('The saved credentials could not be read; enter them again.')
    expect(readdirSync(dir).some((name) => name.startsWith('credentials.enc.json.unreadable-'))).toBe(true)
  })

  it('drops a credential the keyring can no longer decrypt, with a warning, and keeps the others', async () => {
    const safeStorage = new FakeSafeStorage()
    const first = await openCredentialVault({ safeStorage, file, platform: 'linux', log: recordingLog() })
    first.set('good', 'bearer:abc')
    await first.flush()
    const stored = JSON.parse(readFileSync(file, 'utf8'))
    stored.entries.bad = Buffer.from('garbage').toString('base64')
    writeFileSync(file, JSON.stringify(stored))
    const log = recordingLog()
    const vault = await openCredentialVault({ safeStorage, file, platform: 'linux', log })
    expect(vault.get('good')).toBe('bearer:abc')
    expect(vault.get('bad')).toBeNull()
    expect(vault.warning).toContain('could not be decrypted')
    await vault.flush()
    expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')).entries)).toEqual(['good'])
  })

  it('reports a failed save in its warning and keeps the credential for the session', async () => {
    const vault = await openCredentialVault({ safeStorage: new FakeSafeStorage(), file: join(dir, 'no-such-folder', 'c.json'), platform: 'linux', log: recordingLog() })
    vault.set('p', SECRET)
    await vault.flush()
    expect(vault.get('p')).toBe(SECRET)
    expect(vault.warning).toMatch(/^Could not save credentials: .*kept for this session\.$/)
    expect(vault.warning).not.toContain('very-secret-value')
  })
})
