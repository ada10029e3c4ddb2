import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ProofWatchError } from '@shared/errors'

/** The lock file in a data folder: which process uses it. */
export const LOCK_FILE_NAME = 'proofwatch.lock'

export interface LockHolder {
  pid: number
  /** What holds it: serve mode, or the desktop app. */
  kind: string
  /** Epoch ms. */
  startedAt: number
}

export interface DataDirLock {
  readonly path: string
  /** Removes the lock file, if it is still ours. */
  release(): void
}

export interface LockOptions {
  kind: string
  pid?: number
  clock?: () => number
  /** Whether a process with this id exists; the default asks the OS. */
  isAlive?: (pid: number) => boolean
}

/**
 * One process per data folder: two processes writing the same settings and
 * cache overwrite each other. The lock file names its holder; a lock left by a
 * process that no longer exists (a crash, a kill -9) is taken over, and so is
 * one that cannot be read (a write cut short).
 */
export function lockDataDir(dir: string, options: LockOptions): DataDirLock {
  const path = join(dir, LOCK_FILE_NAME)
  const pid = options.pid ?? process.pid
  const isAlive = options.isAlive ?? processExists
  const mine: LockHolder = { pid, kind: options.kind, startedAt: (options.clock ?? Date.now)() }
  mkdirSync(dir, { recursive: true })
  // A few rounds: another process may take over the same stale lock at the same moment; one of them wins.
  for (let round = 0; round < 3; round++) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx', mode: 0o600 })
      return { path, release: () => releaseIfOurs(path, pid) }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const holder = readHolder(path)
    if (holder !== null && holder.pid !== pid && isAlive(holder.pid)) {
      throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: inUseMessage(dir, path, holder) })
    }
    // Stale, unreadable, or our own pid from an earlier life: take it over.
    try {
      unlinkSync(path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
  throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `The data folder ${dir} could not be locked: another process keeps taking ${path}.` })
}

function inUseMessage(dir: string, path: string, holder: LockHolder): string {
  const what = holder.kind === 'serve' ? 'ProofWatch serve mode' : holder.kind === 'desktop' ? 'the ProofWatch app' : `ProofWatch (${holder.kind})`
  const since = Number.isFinite(holder.startedAt) ? ` since ${new Date(holder.startedAt).toISOString()}` : ''
  return (
    `The data folder ${dir} is in use by ${what}, process ${holder.pid}${since}. ` +
    `Stop that process, or start this one with another --data-dir. (If no such process runs, delete ${path}.)`
  )
}

function readHolder(path: string): LockHolder | null {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch {
    return null
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>
    if (!Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return null
    return { pid: value.pid as number, kind: typeof value.kind === 'string' ? value.kind.slice(0, 40) : 'unknown', startedAt: Number(value.startedAt) }
  } catch {
    return null
  }
}

function releaseIfOurs(path: string, pid: number): void {
  try {
    if (readHolder(path)?.pid === pid) unlinkSync(path)
  } catch {
    // Gone already, or the folder went away: nothing is held.
  }
}

/** Signal 0 checks existence only; EPERM means it exists but belongs to someone else. */
export function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}
