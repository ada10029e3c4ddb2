import { describe, expect, it } from 'vitest'
import { defaultDataDir } from './data-dir'

describe('default data directory', () => {
  it('matches where Electron keeps user data on each platform', () => {
    expect(defaultDataDir('linux', {}, '/home/u')).toBe('/home/u/.config/ProofWatch')
    expect(defaultDataDir('linux', { XDG_CONFIG_HOME: '/x' }, '/home/u')).toBe('/x/ProofWatch')
    expect(defaultDataDir('darwin', {}, '/Users/u')).toBe('/Users/u/Library/Application Support/ProofWatch')
    expect(defaultDataDir('win32', { APPDATA: 'C:\\Users\\u\\AppData\\Roaming' }, 'C:\\Users\\u')).toContain('ProofWatch')
  })
})
