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

  it('keep the demo out of the core, which is handed it', async () => {
    const code = "import { startDemoIndexer } from '../../demo/server'\nexport const s = startDemoIndexer\n"
    expect(await restrictedImports('src/main/core/monitor/probe.ts', code)).toEqual([expect.stringContaining('never imports the demo')])
    expect(await restrictedImports('src/main/core/monitor/probe.ts', "import { app } from 'electron'\nexport const a = app\n")).toHaveLength(1)
    expect(await restrictedImports('src/main/serve/probe.ts', code.replace('../../', '../'))).toEqual([])
  })

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

  it('keep views out of components, and components and views out of stores, composables and the model', async () => {
    const view = "import ProofsView from '@renderer/views/ProofsView.vue'\nexport const v = ProofsView\n"
    const relativeView = "import ProofsView from '../views/ProofsView.vue'\nexport const v = ProofsView\n"
    const component = "import CopyButton from '@renderer/components/CopyButton.vue'\nexport const c = CopyButton\n"
    const relativeComponent = "import CopyButton from '../components/CopyButton.vue'\nexport const c = CopyButton\n"
    expect(await restrictedImports('src/renderer/src/components/probe.ts', view)).toEqual([expect.stringContaining('never import a view')])
    expect(await restrictedImports('src/renderer/src/components/watch/probe.ts', relativeView.replace('../', '../../'))).toHaveLength(1)
    for (const folder of ['stores', 'composables', 'model']) {
      for (const code of [view, relativeView, component, relativeComponent]) {
        expect(await restrictedImports(`src/renderer/src/${folder}/probe.ts`, code)).toEqual([
          expect.stringContaining('never import a component or a view'),
        ])
      }
    }
    // The allowed directions still lint clean, and the renderer-wide rules still hold in each folder.
    expect(await restrictedImports('src/renderer/src/views/probe.ts', component)).toEqual([])
    expect(await restrictedImports('src/renderer/src/components/probe.ts', component)).toEqual([])
    expect(await restrictedImports('src/renderer/src/stores/probe.ts', "import { readFileSync } from 'node:fs'\nexport const r = readFileSync\n")).toHaveLength(1)
  })

  it('keep the bridge out of components and views, which reach it through a store', async () => {
    const imports = (from: string) => `import * as bridge from '${from}'\nexport const b = bridge\n`
    for (const file of ['src/renderer/src/components/probe.ts', 'src/renderer/src/views/probe.ts']) {
      for (const from of ['@renderer/bridge', '@renderer/bridge/socket-bridge', '../bridge']) {
        expect(await restrictedImports(file, imports(from))).toEqual([expect.stringContaining('through a store')])
      }
      // Words about a refused page are not a way to main; the contract's types are shared.
      expect(await restrictedImports(file, imports('@renderer/bridge/access-refused'))).toEqual([])
      expect(await restrictedImports(file, imports('@shared/bridge'))).toEqual([])
    }
    expect(await restrictedImports('src/renderer/src/components/settings/probe.ts', imports('../../bridge'))).toHaveLength(1)
    expect(await restrictedImports('src/renderer/src/views/probe.ts', "import { readFileSync } from 'node:fs'\nexport const r = readFileSync\n")).toHaveLength(1)
    expect(await restrictedImports('src/renderer/src/stores/probe.ts', imports('@renderer/bridge'))).toEqual([])
  })

  it('keep value imports of node:http out of main, and of what the first screen does not need out of the core; types may come from there', async () => {
    const lint = async (file: string, code: string) => {
      const [result] = await eslint.lintText(code, { filePath: file })
      return result!.messages.filter((m) => m.ruleId === '@typescript-eslint/no-restricted-imports').map((m) => m.message)
    }
    for (const from of ['node:http', 'http']) {
      expect(await lint('src/main/serve/probe.ts', `import { createServer } from '${from}'\nexport const c = createServer\n`)).toEqual([
        expect.stringContaining('builtins-on-first-use'),
      ])
    }
    expect(await lint('src/main/core/probe.ts', "import type { Server } from 'node:http'\nexport type S = Server\n")).toEqual([])
    expect(await lint('src/main/core/probe.test.ts', "import { createServer } from 'node:http'\nexport const c = createServer\n")).toEqual([])
    for (const [from, name] of [['node:crypto', 'randomUUID'], ['crypto', 'randomUUID'], ['node:worker_threads', 'Worker'], ['node:fs/promises', 'stat']]) {
      expect(await lint('src/main/core/probe.ts', `import { ${name} } from '${from}'\nexport const x = ${name}\n`)).toEqual([expect.stringContaining('builtins-on-first-use')])
      expect(await lint('src/main/serve/probe.ts', `import { ${name} } from '${from}'\nexport const x = ${name}\n`)).toEqual([])
    }
    expect(await lint('src/main/core/live/probe.ts', "import WebSocket from 'ws'\nexport const w = WebSocket\n")).toEqual([expect.stringContaining('loadWebSocketClient')])
    expect(await lint('src/main/core/live/probe.ts', "import type WebSocket from 'ws'\nexport type W = WebSocket\n")).toEqual([])
    // A worker thread's own module runs in the worker, where nothing waits for a first screen.
    expect(await lint('src/main/core/history/probe-thread.ts', "import { workerData } from 'node:worker_threads'\nexport const d = workerData\n")).toEqual([])
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
