import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../core/log/log'
import { applyLoginItem, autostartDir, autostartEntry } from './login-item'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'proofwatch-login-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('applyLoginItem', () => {
  it('uses the login item settings on macOS and Windows', () => {
    for (const platform of ['darwin', 'win32'] as const) {
      const app = { setLoginItemSettings: vi.fn() }
      expect(applyLoginItem({ app, platform, enabled: true, execPath: '/x', env: {}, log: silentLogger })).toBe(true)
      expect(app.setLoginItemSettings).toHaveBeenCalledWith({ openAtLogin: true })
    }
  })

  it('writes and removes an XDG autostart entry on Linux, starting the AppImage when run from one', () => {
    const app = { setLoginItemSettings: vi.fn() }
    const env = { XDG_CONFIG_HOME: join(dir, 'config'), APPIMAGE: '/home/u/Apps/ProofWatch.AppImage' }
    applyLoginItem({ app, platform: 'linux', enabled: true, execPath: '/tmp/.mount_x/proofwatch', env, log: silentLogger })
    const file = join(dir, 'config', 'autostart', 'com.proofwatch.app.desktop')
    expect(readFileSync(file, 'utf8')).toContain('Exec="/home/u/Apps/ProofWatch.AppImage"')
    applyLoginItem({ app, platform: 'linux', enabled: false, execPath: '/x', env, log: silentLogger })
    expect(existsSync(file)).toBe(false)
    expect(app.setLoginItemSettings).not.toHaveBeenCalled()
  })

  it('reports a failure instead of throwing', () => {
    writeFileSync(join(dir, 'config'), 'a file where the folder should be')
    const warnings: string[] = []
    const ok = applyLoginItem({
      app: { setLoginItemSettings() {} },
      platform: 'linux',
      enabled: true,
      execPath: '/x',
      env: { XDG_CONFIG_HOME: join(dir, 'config') },
      log: { ...silentLogger, warn: (m) => warnings.push(m) },
    })
    expect(ok).toBe(false)
    expect(warnings).toEqual(['Could not change launch at login'])
  })
})

describe('autostart entry', () => {
  it('lives in ~/.config/autostart unless XDG_CONFIG_HOME says otherwise', () => {
    expect(autostartDir({}, '/home/u')).toBe('/home/u/.config/autostart')
    expect(autostartDir({ XDG_CONFIG_HOME: '/cfg' }, '/home/u')).toBe('/cfg/autostart')
  })

  it('quotes the program so spaces and shell characters stay part of the path', () => {
    expect(autostartEntry('/opt/Proof Watch/$run"`.sh')).toContain('Exec="/opt/Proof Watch/\\$run\\"\\`.sh"')
  })
})
