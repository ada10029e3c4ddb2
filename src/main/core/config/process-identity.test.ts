import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { processIdentity, processStartedAt } from './process-identity'

const linux = process.platform === 'linux'

describe('processIdentity', () => {
  it.runIf(linux)('is the same for one process every time, and another for a process started later', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' })
    await new Promise((resolve) => child.once('spawn', resolve))
    try {
      const mine = processIdentity(process.pid)
      expect(mine).toMatch(/^[0-9a-f-]{36}:\d+$/)
      expect(processIdentity(process.pid)).toBe(mine)
      expect(processIdentity(child.pid!)).not.toBe(mine)
      // This process started before the child.
      expect(processStartedAt(process.pid)!).toBeLessThanOrEqual(processStartedAt(child.pid!)!)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('is null for an id no process has, and where /proc says nothing', () => {
    expect(processIdentity(2 ** 31 - 2)).toBeNull()
    expect(processIdentity(process.pid, '/nonexistent-proc')).toBeNull()
    expect(processStartedAt(process.pid, '/nonexistent-proc')).toBeNull()
  })
})
