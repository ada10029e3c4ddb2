import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { LOCK_FILE_NAME, lockDataDir, processExists } from './data-dir-lock'
import { tempFolder } from '../../../../test/support/temp-folder'

const folder = () => tempFolder('pw-lock-')

/** The id of a process that has ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'])
  return Number(child.stdout.toString())
}

describe('lockDataDir', () => {
  it('refuses a second holder, naming the process that holds the folder', () => {
    const dir = folder()
    const first = lockDataDir(dir, { kind: 'serve' })
    expect(JSON.parse(readFileSync(first.path, 'utf8'))).toMatchObject({ pid: process.pid, kind: 'serve' })
    // Another process (this test plays it with another pid) is refused while the first lives.
    expect(() => lockDataDir(dir, { kind: 'serve', pid: process.pid + 100_000, isAlive: () => true })).toThrow(
      new RegExp(`in use by ProofWatch serve mode, process ${process.pid} since .*another --data-dir`),
    )
    first.release()
    expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(false)
    lockDataDir(dir, { kind: 'serve', pid: 4242, isAlive: () => true }).release()
  })

  it('takes over a lock whose process is gone', () => {
    const dir = folder()
    const gone = deadPid()
    expect(processExists(gone)).toBe(false)
    writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: gone, kind: 'serve', startedAt: 0 }))
    const lock = lockDataDir(dir, { kind: 'serve' })
    expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid)
    lock.release()
  })

  it.each([['empty', ''], ['garbage', '{"pid":'], ['a bad pid', '{"pid":-1}'], ['not an object', '[]']])(
    'takes over a lock file that is %s',
    (_name, text) => {
      const dir = folder()
      writeFileSync(join(dir, LOCK_FILE_NAME), text)
      const lock = lockDataDir(dir, { kind: 'serve' })
      expect(JSON.parse(readFileSync(lock.path, 'utf8')).pid).toBe(process.pid)
      lock.release()
    },
  )

  it('releases only its own lock', () => {
    const dir = folder()
    const lock = lockDataDir(dir, { kind: 'serve' })
    writeFileSync(lock.path, JSON.stringify({ pid: 1, kind: 'desktop', startedAt: 0 }))
    lock.release()
    expect(existsSync(lock.path)).toBe(true)
  })

  it('creates the folder when it does not exist yet', () => {
    const dir = join(folder(), 'new', 'deeper')
    const lock = lockDataDir(dir, { kind: 'serve' })
    expect(existsSync(lock.path)).toBe(true)
    lock.release()
  })
})
