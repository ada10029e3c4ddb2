/**
 * The packaging configuration, checked without packaging: electron-builder
 * cannot run here (it downloads Electron). Loaded and validated by
 * electron-builder's own loader and schema, then held against the app.
 */
import { readFileSync, readdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { DEEP_LINK_SCHEME } from '../../src/main/core/links/deep-link'
import { APP_ID, DESKTOP_NAME, PRODUCT_NAME } from '../../src/main/electron/app-identity'
import { trayIconPath } from '../../src/main/electron/tray'
import { findWindowIcon, preloadPath, resourcesDir } from '../../src/main/electron/window'

const root = resolve(import.meta.dirname, '..', '..')
// The loader electron-builder itself uses, from where electron-builder finds it.
const fromBuilder = createRequire(createRequire(join(root, 'package.json')).resolve('electron-builder'))
const { getConfig, validateConfiguration } = fromBuilder('app-builder-lib/out/util/config/config.js') as {
  getConfig(projectDir: string, configPath: string | null, fromOptions: null): Promise<Record<string, unknown>>
  validateConfiguration(config: Record<string, unknown>, logger: unknown): Promise<void>
}
const { DebugLogger } = fromBuilder('builder-util') as { DebugLogger: new (enabled: boolean) => unknown }

type Config = Record<string, unknown> & {
  appId: string
  productName: string
  files: Array<{ filter: string[] }> | string[]
  protocols: Array<{ schemes: string[] }>
  extraMetadata: { desktopName: string }
  linux: { target: string[]; icon: string; executableName: string; syncDesktopName: boolean }
  mac: { target: string[]; icon: string }
  win: { target: string[]; icon: string }
  directories: { output: string; buildResources: string }
  electronFuses?: Record<string, boolean>
  asar?: boolean
}

let config: Config

beforeAll(async () => {
  config = (await getConfig(root, null, null)) as Config
})

/** Width and height from a PNG's header. */
function pngSize(path: string): { width: number; height: number } {
  const bytes = readFileSync(path)
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG')
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) }
}

const fileFilters = () => config.files.flatMap((entry) => (typeof entry === 'string' ? [entry] : entry.filter))

describe('electron-builder.yml', () => {
  it('passes electron-builder’s own schema', async () => {
    await expect(validateConfiguration(config, new DebugLogger(false))).resolves.toBeUndefined()
  })

  it('builds AppImage and deb on Linux, dmg on macOS, nsis on Windows, into dist/', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb'])
    expect(config.mac.target).toEqual(['dmg'])
    expect(config.win.target).toEqual(['nsis'])
    expect(config.directories.output).toBe('dist')
  })

  it('names the app as the app names itself to the OS (notifications and taskbar match on it)', () => {
    expect(config.appId).toBe(APP_ID)
    expect(config.productName).toBe(PRODUCT_NAME)
    expect(config.extraMetadata.desktopName).toBe(DESKTOP_NAME)
    expect(config.linux.syncDesktopName).toBe(true)
  })

  it('registers the proofwatch:// scheme the app parses', () => {
    expect(config.protocols.flatMap((p) => p.schemes)).toEqual([DEEP_LINK_SCHEME])
  })

  it('packs the build output the entry points at, the window icon and the tray icons, without sources or maps', () => {
    const filters = fileFilters()
    expect(filters).toContain('out/**/*')
    expect(filters).toContain('!out/**/*.map')
    expect(filters.some((f) => f.startsWith('src'))).toBe(false)
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { main: string }
    expect(pkg.main.replace(/^\.\//, '')).toMatch(/^out\//)
    // Found from out/main at run time: resources/ must sit next to out/ in the package too.
    const mainDir = join(root, 'out', 'main')
    expect(findWindowIcon(mainDir)).toBe(join(root, 'resources', 'icon.png'))
    expect(filters).toContain('resources/icon.png')
    expect(filters).toContain('resources/tray/**/*')
    expect(preloadPath(mainDir)).toBe(join(root, 'out', 'preload', 'index.cjs'))
  })

  it('points at icons that exist, in the sizes each platform needs', () => {
    expect(pngSize(join(root, 'resources', 'icon.png'))).toEqual({ width: 512, height: 512 })
    for (const size of [16, 32, 48, 64, 128, 256, 512]) {
      expect(pngSize(join(root, config.linux.icon, `${size}x${size}.png`))).toEqual({ width: size, height: size })
    }
    const ico = readFileSync(join(root, config.win.icon))
    expect(ico.readUInt16LE(2)).toBe(1)
    const sizes = Array.from({ length: ico.readUInt16LE(4) }, (_, i) => ico[6 + i * 16] || 256)
    expect(sizes).toEqual([16, 32, 48, 256])
    const icns = readFileSync(join(root, config.mac.icon))
    expect(icns.subarray(0, 4).toString('latin1')).toBe('icns')
    expect(icns.readUInt32BE(4)).toBe(icns.length)
    expect(icns.includes(Buffer.from('ic09'))).toBe(true)
  })

  it('has every tray icon the app asks for, at 1x and @2x', () => {
    const resources = resourcesDir(join(root, 'out', 'main'))
    for (const state of ['connected', 'offline', 'unread'] as const) {
      for (const [platform, dark] of [['darwin', false], ['linux', false], ['linux', true]] as const) {
        const path = trayIconPath(resources, state, platform, dark)
        expect(pngSize(path)).toEqual({ width: 16, height: 16 })
        expect(pngSize(path.replace(/\.png$/, '@2x.png'))).toEqual({ width: 32, height: 32 })
      }
    }
  })
  it('flips Electron’s fuses: no run-as-node, NODE_OPTIONS or --inspect, encrypted cookies, code only from a checked asar, no extra file:// privileges', () => {
    expect(config.asar).toBe(true)
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      // The renderer is served on app://proofwatch/ (src/main/electron/app-scheme.ts): file:// needs nothing.
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('never needs what the fuses turn off: no ELECTRON_RUN_AS_NODE or fork from the main process', () => {
    const mainSources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const path = join(dir, entry.name)
        if (entry.isDirectory()) return mainSources(path)
        return /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : []
      })
    const offending = mainSources(join(root, 'src', 'main')).filter((path) =>
      /ELECTRON_RUN_AS_NODE|child_process['"][\s\S]*\bfork\(|NODE_OPTIONS/.test(readFileSync(path, 'utf8')),
    )
    expect(offending).toEqual([])
    // No window loads from file:// any more: with the privileges fuse off, a page there would not run.
    const fileLoads = mainSources(join(root, 'src', 'main', 'electron')).filter((path) => /\.loadFile\(|['"`]file:\/\//.test(readFileSync(path, 'utf8')))
    expect(fileLoads).toEqual([])
  })
})
