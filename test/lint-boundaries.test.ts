import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'

/** The architecture's import boundaries are lint rules; this proves the rules bite. */
const eslint = new ESLint({ cwd: new URL('..', import.meta.url).pathname })

async function restrictedImports(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('import boundaries', () => {
  it.each(['src/main/core/probe.ts', 'src/main/demo/probe.ts', 'src/main/serve/probe.ts', 'src/shared/probe.ts'])(
    'keep electron out of %s',
    async (file) => {
      for (const from of ['electron', 'electron/main']) {
        expect(await restrictedImports(file, `import { app } from '${from}'\nexport const a = app\n`)).toEqual([
          expect.stringContaining('never imports electron'),
        ])
      }
    },
  )

  it('keep Node, ws and main-process code out of the renderer', async () => {
    const code = [
      "import { readFileSync } from 'node:fs'",
      "import http from 'http'",
      "import { EventEmitter } from 'events'",
      "import { readFile } from 'fs/promises'",
      "import WebSocket from 'ws'",
      "import { createMonitor } from '../../main/core/monitor'",
      'export const all = [readFileSync, http, EventEmitter, readFile, WebSocket, createMonitor]',
    ].join('\n')
    expect(await restrictedImports('src/renderer/src/probe.ts', code)).toHaveLength(6)
  })

  it('let the sandboxed preload import only electron', async () => {
    expect(await restrictedImports('src/preload/probe.ts', "import { join } from 'node:path'\nexport const j = join\n")).toHaveLength(1)
    expect(await restrictedImports('src/preload/probe.ts', "import { join } from 'path'\nexport const j = join\n")).toHaveLength(1)
    expect(await restrictedImports('src/preload/probe.ts', "import { ipcRenderer } from 'electron'\nexport const i = ipcRenderer\n")).toEqual([])
  })

  it('allow electron in the Electron glue', async () => {
    expect(await restrictedImports('src/main/electron/probe.ts', "import { app } from 'electron'\nexport const a = app\n")).toEqual([])
  })
})
