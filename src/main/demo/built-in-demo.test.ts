import { readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { tempFolder } from '@test/support/temp-folder'
import { builtInDemoOf, DEMO_STATE_FILE } from './built-in-demo'
import type { StartedDemo } from '../core/monitor/indexer-switch'

const open: StartedDemo[] = []
afterEach(async () => {
  for (const demo of open.splice(0)) await demo.close()
})

function folder(): string {
  return tempFolder('proofwatch-demo-state-')
}

async function started(demo: Promise<StartedDemo>): Promise<StartedDemo & { port: number; network: { genesis: number } }> {
  const running = await demo
  open.push(running)
  return running as StartedDemo & { port: number; network: { genesis: number } }
}

describe('the built-in demo of a data folder', () => {
  it('comes back on its port with its chain start, and keeps them in the data folder', async () => {
    const dir = folder()
    const first = await started(builtInDemoOf(dir, undefined).start())
    await first.close()
    open.splice(0)
    const second = await started(builtInDemoOf(dir, undefined).start())
    expect(second.port).toBe(first.port)
    expect(second.network.genesis).toBe(first.network.genesis)
    expect(JSON.parse(readFileSync(join(dir, DEMO_STATE_FILE), 'utf8'))).toMatchObject({ port: first.port, genesis: first.network.genesis })
  })

  it('gives way to another port when the kept one is busy, and says so; a --demo-port that is busy fails', async () => {
    const dir = folder()
    const first = await started(builtInDemoOf(dir, undefined).start())
    const warnings: string[] = []
    const second = await started(builtInDemoOf(dir, undefined, (message) => warnings.push(message)).start())
    expect(second.port).not.toBe(first.port)
    expect(warnings.join()).toMatch(/busy/)
    const blocker = createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as { port: number }).port
    try {
      await expect(builtInDemoOf(folder(), port).start()).rejects.toMatchObject({ code: 'EADDRINUSE' })
    } finally {
      blocker.close()
    }
  })
})
