import { lstatSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { ProofWatchError } from '@shared/errors'
import { privateFolder } from '../files/private-folder'
import { readRegularTextFile } from '../files/read-regular-file'
import { processIdentity, processStartedAt } from './process-identity'

/** The lock file in a data folder: which process uses it. */
export const LOCK_FILE_NAME = 'proofwatch.lock'

export interface LockHolder {
  pid: number
  /** What holds it: serve mode, or the desktop app. */
  kind: string
  /** Epoch ms. */
  startedAt: number
  /** The holder's boot and start tick (process-identity.ts), where the OS says; absent in older locks. */
  identity?: string
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
  /** A process's identity and start time (process-identity.ts); the defaults read /proc. */
  identityOf?: (pid: number) => string | null
  startedAtOf?: (pid: number) => number | null
}

/** A process started this long after the lock says it was taken did not take it (start times are known to about a second). */
const START_SLACK_MS = 5000

/**
 * One process per data folder: two processes writing the same settings and
 * cache overwrite each other. The lock file names its holder; a lock left by a
 * process that no longer exists (a crash, a kill -9) is taken over, and so is
 * one that cannot be read (a write cut short). Process ids are reused: a lock
 * whose pid now belongs to another process (its start does not match, where
 * the OS says) is taken over too, instead of blaming that process.
 */
export function lockDataDir(dir: string, options: LockOptions): DataDirLock {
  const path = join(dir, LOCK_FILE_NAME)
  const pid = options.pid ?? process.pid
  const isAlive = options.isAlive ?? processExists
  const identityOf = options.identityOf ?? ((id: number) => processIdentity(id))
  const startedAtOf = options.startedAtOf ?? ((id: number) => processStartedAt(id))
  const identity = identityOf(pid)
  const mine: LockHolder = { pid, kind: options.kind, startedAt: (options.clock ?? Date.now)(), ...(identity === null ? {} : { identity }) }
  // The data folder holds the history, settings and credentials: its user's only.
  privateFolder(dir)
  // A few rounds: another process may take over the same stale lock at the same moment; one of them wins.
  for (let round = 0; round < 3; round++) {
    try {
      writeFileSync(path, JSON.stringify(mine), { flag: 'wx', mode: 0o600 })
      return { path, release: () => releaseIfOurs(path, pid) }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    if (isFolder(path)) {
      throw new ProofWatchError({
        code: 'INVALID_ARGUMENT',
        message: `The data folder ${dir} cannot be locked: ${path} is a folder, where ProofWatch keeps a small lock file. ProofWatch did not make it; remove it (or move it elsewhere) and start again.`,
      })
    }
    const holder = readHolder(path)
    if (holder !== null && holder.pid !== pid && isAlive(holder.pid) && stillHeldBy(holder, identityOf, startedAtOf)) {
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

/**
 * Whether the live process with the holder's pid is the one that took the
 * lock: the same identity when the lock has one, else a start no later than
 * the lock's. Where the OS says neither, a live pid is believed.
 */
function stillHeldBy(holder: LockHolder, identityOf: (pid: number) => string | null, startedAtOf: (pid: number) => number | null): boolean {
  if (holder.identity !== undefined) {
    const now = identityOf(holder.pid)
    if (now !== null) return now === holder.identity
  }
  const started = startedAtOf(holder.pid)
  if (started === null || !Number.isFinite(holder.startedAt)) return true
  return started <= holder.startedAt + START_SLACK_MS
}

function isFolder(path: string): boolean {
  try {
    return lstatSync(path).isDirectory()
  } catch {
    return false
  }
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
    // A lock is under 200 bytes; a FIFO or a device in its place is not read, and is taken over.
    text = readRegularTextFile(path, 4096)
  } catch {
    return null
  }
  try {
    const value = JSON.parse(text) as Partial<LockHolder>
    if (!Number.isSafeInteger(value.pid) || (value.pid as number) <= 0) return null
    return {
      pid: value.pid as number,
      kind: typeof value.kind === 'string' ? value.kind.slice(0, 40) : 'unknown',
      startedAt: Number(value.startedAt),
      ...(typeof value.identity === 'string' ? { identity: value.identity.slice(0, 100) } : {}),
    }
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
