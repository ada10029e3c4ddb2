/**
 * Hostile data files: the history cache and the settings found truncated,
 * with random pages overwritten, as a directory, in a read-only folder, on a
 * disk that fills up. Each case asserts that the process lives (nothing
 * throws out of the open or the start), that the user is told (a damage
 * report or a problem event, in words), and that nothing is lost or leaked
 * (the damaged file is kept as it was, what can be read is read, files are
 * the user's only).
 */
import { spawn, execFileSync } from 'node:child_process'
import { copyFileSync, closeSync, existsSync, readdirSync, mkdirSync, openSync, readFileSync, statSync, symlinkSync, truncateSync, writeFileSync, writeSync, chmodSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { BridgeEvent } from '@shared/bridge'
import type { CacheDamage } from '@shared/history'
import { createFileSettingsStorage } from '../../src/main/core/config/file-settings-storage'
import { APPLICATION_ID, HISTORY_FILE_NAME } from '../../src/main/core/history/database'
import { HistoryCache } from '../../src/main/core/history/history-cache'
import { testProof } from '../support/history-test-data'
import type { Logger } from '../../src/main/core/log/log'
import { createMonitor } from '../../src/main/core/monitor/monitor'
import { createFileSecretStorage } from '../../src/main/core/config/secrets'
import { DEMO_BUSY_ADDRESSES } from '../../src/main/demo/catalog'
import { keypairPublicKey } from '../../src/main/core/sign-in/keypair-file'
import { LOCK_FILE_NAME, lockDataDir } from '../../src/main/core/config/data-dir-lock'
import { processIdentity } from '../../src/main/core/config/process-identity'
import { waitFor } from '../support/wait-for'
import { readOnlyFolder, smallDiskOrSkip, writableFolder } from './folders'

const INDEXER = 'http://127.0.0.1:8787'
const WATCHED = DEMO_BUSY_ADDRESSES[1] as string

const tally = { tried: 0, survived: 0 }
afterAll(() => console.log(`hostile data files: ${tally.tried} inputs, ${tally.survived} survived`))

/** Counts an input as tried, and as survived when its assertions all held. */
async function input(body: () => Promise<void> | void): Promise<void> {
  tally.tried++
  await body()
  tally.survived++
}

const stores: HistoryCache[] = []
afterAll(async () => {
  for (const store of stores) await store.close()
})

function open(dir: string, options: Partial<Parameters<typeof HistoryCache.open>[0]> = {}): HistoryCache {
  const store = HistoryCache.open({ busyTimeoutMs: 50, path: join(dir, HISTORY_FILE_NAME), ...options })
  stores.push(store)
  return store
}

/** A closed cache file holding `rows` proofs. */
async function filledCache(dir: string, rows: number): Promise<string> {
  const store = HistoryCache.open({ path: join(dir, HISTORY_FILE_NAME) })
  store.forIndexer(INDEXER).recordProofs(Array.from({ length: rows }, (_, index) => testProof(index)))
  await store.close()
  return join(dir, HISTORY_FILE_NAME)
}

/** Pages of one table's b-tree leaves. */
function leafPages(path: string, table: string): number[] {
  const db = new DatabaseSync(path)
  try {
    return (db.prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype = 'leaf' ORDER BY pageno").all(table) as { pageno: number }[]).map(
      (row) => row.pageno,
    )
  } finally {
    db.close()
  }
}

/** A small deterministic generator (mulberry32), so a failing seed can be replayed. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function overwritePages(path: string, pages: readonly number[], next: () => number, pageSize = 4096): void {
  const fd = openSync(path, 'r+')
  try {
    for (const page of pages) {
      const garbage = Buffer.alloc(pageSize)
      for (let i = 0; i < pageSize; i++) garbage[i] = Math.floor(next() * 256)
      writeSync(fd, garbage, 0, pageSize, (page - 1) * pageSize)
    }
  } finally {
    closeSync(fd)
  }
}

function expectToldAndKept(damage: CacheDamage | null, original: Buffer): void {
  expect(damage).not.toBeNull()
  expect(damage?.message.length).toBeGreaterThan(20)
  expect(damage?.movedTo).toEqual(expect.any(String))
  // The user keeps the damaged file exactly as it was.
  expect(readFileSync(damage?.movedTo as string).equals(original)).toBe(true)
}

function expectWorking(store: HistoryCache): void {
  const history = store.forIndexer(INDEXER)
  history.recordProofs([testProof(99_999)])
  expect(history.proof(testProof(99_999).proofAccount).data?.proofAccount).toBe(testProof(99_999).proofAccount)
}

const total = (store: HistoryCache): number => Number(store.forIndexer(INDEXER).listProofs({ limit: 1 }).data.total)

function recordingLog() {
  const lines: string[] = []
  const log: Logger = {
    info: () => {},
    warn: (message) => lines.push(message),
    error: (message) => lines.push(message),
  }
  return { log, lines }
}

/** Starts the core on `dir` the way serve mode does, against an indexer that is not there. */
async function startCoreOn(dir: string, watch: string[] = []) {
  const { log, lines } = recordingLog()
  const monitor = createMonitor({
    settings: createFileSettingsStorage(dir, log),
    secrets: createFileSecretStorage(dir, log),
    historyPath: join(dir, HISTORY_FILE_NAME),
    launch: { indexerUrl: 'http://127.0.0.1:9', watch },
    log,
  })
  const events: BridgeEvent[] = []
  monitor.onEvents((batch) => events.push(...batch))
  await monitor.start()
  const problems = () => events.filter((e) => e.event === 'problem').map((e) => (e.payload as { message: string }).message)
  return { monitor, lines, problems }
}

describe('hostile data files: the history cache', () => {
  it('a file cut in the middle of a page is kept aside and what it still holds is read back', async () => {
    await input(async () => {
      const dir = writableFolder()
      const path = await filledCache(dir, 2000)
      truncateSync(path, Math.floor(statSync(path).size * 0.7) + 100)
      const original = readFileSync(path)
      const store = open(dir)
      expectToldAndKept(store.info().damage, original)
      expect(store.info().damage?.salvagedRows).toBeGreaterThan(0)
      expectWorking(store)
    })
  })

  it('a file that is not SQLite at all, an empty file, and a directory in its place', async () => {
    await input(async () => {
      const dir = writableFolder()
      writeFileSync(join(dir, HISTORY_FILE_NAME), Buffer.alloc(8192, 0x41))
      const store = open(dir)
      expectToldAndKept(store.info().damage, Buffer.alloc(8192, 0x41))
      expect(store.info().damage?.message).toMatch(/Nothing could be read back/)
      expectWorking(store)
    })
    await input(async () => {
      const dir = writableFolder()
      writeFileSync(join(dir, HISTORY_FILE_NAME), '')
      const store = open(dir)
      expect(store.info().damage).toBeNull()
      expectWorking(store)
    })
    await input(async () => {
      const dir = writableFolder()
      mkdirSync(join(dir, HISTORY_FILE_NAME))
      const store = open(dir)
      expect(store.info().damage?.message).toEqual(expect.stringContaining(HISTORY_FILE_NAME))
      expectWorking(store)
    })
  })

  it('a write-ahead log of garbage next to a good file changes nothing that was committed', async () => {
    await input(async () => {
      const dir = writableFolder()
      const path = await filledCache(dir, 300)
      writeFileSync(`${path}-wal`, Buffer.alloc(40_000, 0x5a))
      const store = open(dir)
      expect(total(store)).toBe(300)
      expectWorking(store)
    })
  })

  for (const seed of [1, 2, 3, 4, 5]) {
    it(`random table pages overwritten (seed ${seed}): the rows on other pages are salvaged into the new cache`, async () => {
      await input(async () => {
        const dir = writableFolder()
        const rows = 6000
        const path = await filledCache(dir, rows)
        const next = random(seed)
        const leaves = leafPages(path, 'proofs')
        const hit = [...new Set(Array.from({ length: 3 }, () => leaves[Math.floor(next() * leaves.length)] as number))]
        overwritePages(path, hit, next)
        const original = readFileSync(path)
        const store = open(dir)
        const damage = store.info().damage
        expectToldAndKept(damage, original)
        // A leaf holds a few dozen proofs: at most those on the hit pages are lost.
        const perLeaf = Math.ceil(rows / leaves.length)
        expect(total(store)).toBeGreaterThanOrEqual(rows - hit.length * perLeaf * 2)
        expect(damage?.salvagedRows).toBeGreaterThanOrEqual(total(store))
        expect(damage?.message).toMatch(/records that could still be read were copied into the new cache/)
        expectWorking(store)
      })
    })
  }

  it('a bad page met while reading a cache too big to check at open: the rest stays in view', async () => {
    await input(async () => {
      const dir = writableFolder()
      const rows = 6000
      const path = await filledCache(dir, rows)
      const leaves = leafPages(path, 'proofs')
      overwritePages(path, [leaves[Math.floor(leaves.length / 2)] as number], random(9))
      const store = open(dir, { integrityCheckMaxBytes: 0 })
      expect(store.info().damage).toBeNull()
      const seen: (CacheDamage | null)[] = []
      store.onDamage((damage) => seen.push(damage))
      // Paging through every proof reads every leaf, the bad one too.
      const history = store.forIndexer(INDEXER)
      let cursor: string | undefined
      for (let page = 0; page < 100 && seen.length === 0; page++) {
        const answer = history.listProofs({ limit: 200, cursor }).data
        if (answer.nextCursor === null) break
        cursor = answer.nextCursor
      }
      expect(seen.map((d) => d?.kind)).toContain('corrupt')
      expect(total(store)).toBeGreaterThan(rows * 0.9)
      expectWorking(store)
    })
  })

  it('a readable cache in a read-only folder is shown read-only, and the user hears that new data is not kept', async () => {
    await input(async () => {
      const source = writableFolder()
      await filledCache(source, 500)
      const dir = readOnlyFolder((d) => writeFileSync(join(d, HISTORY_FILE_NAME), readFileSync(join(source, HISTORY_FILE_NAME))))
      const store = open(dir)
      const damage = store.info().damage
      expect(damage?.readOnly).toBe(true)
      expect(damage?.message).toMatch(/read-only/)
      expect(total(store)).toBe(500)
      // New records are not attempted: nothing piles up, nothing fails over and over.
      store.forIndexer(INDEXER).recordProofs([testProof(123_456)])
      await store.flush()
      expect(store.info().pendingWrites).toBe(0)
      expect(existsSync(join(dir, HISTORY_FILE_NAME))).toBe(true)
    })
  })

  it('a read-only folder without a cache: history in memory, and why', async () => {
    await input(async () => {
      const dir = readOnlyFolder()
      const store = open(dir)
      expect(store.info().damage?.message).toMatch(/memory only/)
      expectWorking(store)
    })
  })

  it('a full disk is said once per episode, however many retries fail, and nothing waiting is lost', async (context) => {
    const disk = smallDiskOrSkip(context, 3 * 1024, 'hostile data files')
    await input(async () => {
      const filler = join(disk.dir, 'filler')
      writeFileSync(filler, Buffer.alloc(1024 * 1024))
      const store = open(disk.dir, { write: { retryDelayMs: 1 } })
      const damages: (CacheDamage | null)[] = []
      store.onDamage((damage) => damages.push(damage))
      const history = store.forIndexer(INDEXER)
      let recorded = 0
      for (let batch = 0; batch < 400 && store.info().damage?.kind !== 'disk-full'; batch++) {
        history.recordProofs(Array.from({ length: 200 }, (_, index) => testProof(recorded + index)))
        recorded += 200
        await store.flush()
      }
      expect(store.info().damage?.kind).toBe('disk-full')
      for (let retry = 0; retry < 6; retry++) await store.flush()
      expect(damages.filter((d) => d?.kind === 'disk-full')).toHaveLength(1)
      rmSync(filler)
      await store.flush()
      expect(store.info().damage).toBeNull()
      expect(damages.at(-1)).toBeNull()
      expect(total(store)).toBe(recorded)
    })
  })

  it('the cache and its -wal and -shm are the user’s only (0600), and an older 0644 file is narrowed', async () => {
    await input(async () => {
      const dir = writableFolder()
      const store = open(dir)
      store.forIndexer(INDEXER).recordProofs([testProof(1)])
      await store.flush()
      const path = join(dir, HISTORY_FILE_NAME)
      for (const file of [path, `${path}-wal`, `${path}-shm`]) expect((statSync(file).mode & 0o777).toString(8), file).toBe('600')
    })
    await input(async () => {
      const dir = writableFolder()
      const path = await filledCache(dir, 10)
      chmodSync(path, 0o644)
      const store = open(dir)
      expect(total(store)).toBe(10)
      expect((statSync(path).mode & 0o777).toString(8)).toBe('600')
    })
  })
})

describe('hostile data files: settings', () => {
  it('settings.json is written 0600', async () => {
    await input(() => {
      const dir = writableFolder()
      const store = createFileSettingsStorage(dir)
      store.write(store.read())
      expect((statSync(join(dir, 'settings.json')).mode & 0o777).toString(8)).toBe('600')
    })
  })

  const unreadable: Array<[string, (file: string) => void]> = [
    ['garbage', (file) => writeFileSync(file, '\u0000\u00ff{{{ not json')],
    ['cut short', (file) => writeFileSync(file, '{"profiles": [{"id": "a", "na')],
    ['an array', (file) => writeFileSync(file, '[1, 2, 3]')],
    ['a directory', (file) => mkdirSync(file)],
    ['nested 100,000 deep', (file) => writeFileSync(file, '['.repeat(100_000) + ']'.repeat(100_000))],
  ]
  for (const [what, make] of unreadable) {
    it(`settings.json that is ${what}: the core starts with defaults and says why, in a writable folder`, async () => {
      await input(async () => {
        const dir = writableFolder()
        make(join(dir, 'settings.json'))
        const { monitor, problems, lines } = await startCoreOn(dir)
        try {
          const settings = await monitor.getSettings()
          expect(settings.activeProfileId).toBeDefined()
          // Kept aside for the user, not deleted.
          expect(readdirSync(dir).some((name) => name.startsWith('settings.json.unreadable-'))).toBe(true)
          await waitFor(() => /settings/i.test([...problems(), ...lines].join('\n')))
        } finally {
          await monitor.stop()
        }
      })
    })
    it(`settings.json that is ${what}, in a read-only folder: the core starts with defaults and says why`, async () => {
      await input(async () => {
        const dir = readOnlyFolder((d) => make(join(d, 'settings.json')))
        const { monitor, problems } = await startCoreOn(dir)
        try {
          await waitFor(() => /cannot be written/.test(problems().join('\n')))
          expect((await monitor.getSettings()).activeProfileId).toBeDefined()
        } finally {
          await monitor.stop()
        }
      })
    })
  }

  it('a read-only folder with --watch: the address is watched this session, and the user hears it is not saved', async () => {
    await input(async () => {
      const dir = readOnlyFolder()
      const { monitor, problems } = await startCoreOn(dir, [WATCHED])
      try {
        expect((await monitor.getWatchlist()).addresses.map((a) => a.pubkey)).toContain(WATCHED)
        await waitFor(() => /for this session only/.test(problems().join('\n')))
      } finally {
        await monitor.stop()
      }
    })
  })
})

/**
 * A FIFO at `path` with no writer. On code that opens it blocking, the read
 * would wait for good and freeze this test process: a watchdog opens it for
 * writing after a while so such code returns (and the case fails on what it
 * read) instead. Call the returned function as soon as the read returned.
 */
function fifoWithoutWriter(path: string): () => void {
  execFileSync('mkfifo', [path])
  const watchdog = spawn('sh', ['-c', 'sleep 5; exec 3>"$0"', path], { stdio: 'ignore' })
  return () => watchdog.kill('SIGKILL')
}

/** A FIFO at `path` that a child process feeds `bytes` of zeros into, then closes. */
function fedFifo(path: string, bytes: number): () => void {
  execFileSync('mkfifo', [path])
  const writer = spawn('sh', ['-c', `head -c ${bytes} /dev/zero > "$0"`, path], { stdio: 'ignore' })
  return () => writer.kill('SIGKILL')
}

function keypairRefusal(path: string): string {
  try {
    keypairPublicKey(path)
  } catch (error) {
    return (error as Error).message
  }
  return 'read'
}

describe('hostile data files: paths that are not regular files', () => {
  it('a keypair path that is a FIFO with no writer is refused at once, as a named pipe', async () => {
    await input(() => {
      const path = join(writableFolder(), 'id.json')
      const release = fifoWithoutWriter(path)
      const message = keypairRefusal(path)
      release()
      expect(message).toBe(`Cannot read the keypair file ${path}: it is a named pipe (FIFO), not a file.`)
    })
  })

  it('a keypair FIFO fed 8 MB is refused without reading what it is fed', async () => {
    await input(() => {
      const path = join(writableFolder(), 'id.json')
      const release = fedFifo(path, 8 * 1024 * 1024)
      const message = keypairRefusal(path)
      release()
      expect(message).toMatch(/named pipe \(FIFO\), not a file/)
    })
  })

  it('keypair paths that are a symlink to /dev/zero, a folder, or 8 GB: each refused in words', async () => {
    const dir = writableFolder()
    await input(() => {
      symlinkSync('/dev/zero', join(dir, 'zero.json'))
      expect(keypairRefusal(join(dir, 'zero.json'))).toMatch(/it is a character device, not a file\.$/)
    })
    await input(() => {
      mkdirSync(join(dir, 'folder.json'))
      expect(keypairRefusal(join(dir, 'folder.json'))).toMatch(/it is a folder, not a file\.$/)
    })
    await input(() => {
      writeFileSync(join(dir, 'huge.json'), '')
      truncateSync(join(dir, 'huge.json'), 8 * 1024 ** 3)
      expect(keypairRefusal(join(dir, 'huge.json'))).toMatch(/is too large .*a Solana keypair file is a JSON array of 64 numbers/)
    })
  })

  const notFiles: Array<[string, string, (file: string) => () => void]> = [
    ['settings.json', 'a FIFO with no writer', (file) => fifoWithoutWriter(file)],
    ['settings.json', 'a symlink to /dev/zero', (file) => (symlinkSync('/dev/zero', file), () => {})],
    ['settings.json', 'a sparse 20 MB file', (file) => (writeFileSync(file, ''), truncateSync(file, 20 * 1024 * 1024), () => {})],
    ['credentials.json', 'a FIFO with no writer', (file) => fifoWithoutWriter(file)],
    ['credentials.json', 'a symlink to /dev/zero', (file) => (symlinkSync('/dev/zero', file), () => {})],
  ]
  for (const [name, what, make] of notFiles) {
    it(`${name} that is ${what}: the core starts at once, says why, and keeps it aside`, async () => {
      await input(async () => {
        const dir = writableFolder()
        const release = make(join(dir, name))
        const started = startCoreOn(dir)
        const { monitor, problems, lines } = await started
        release()
        try {
          expect((await monitor.getSettings()).activeProfileId).toBeDefined()
          expect(readdirSync(dir).some((file) => file.startsWith(`${name}.unreadable-`))).toBe(true)
          await waitFor(() => /named pipe|character device|over the \d+ bytes/.test([...problems(), ...lines].join('\n')))
        } finally {
          await monitor.stop()
        }
      })
    })
  }
})

describe('hostile data files: the data folder lock', () => {
  const others: Array<() => void> = []
  afterEach(() => others.splice(0).forEach((stop) => stop()))

  /** A live process that is not ProofWatch, for a lock to name; stopped after the test. */
  async function otherProcess(): Promise<{ pid: number }> {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' })
    await new Promise((resolve) => child.once('spawn', resolve))
    others.push(() => child.kill('SIGKILL'))
    return { pid: child.pid! }
  }

  const lockMessage = (dir: string): string => {
    try {
      lockDataDir(dir, { kind: 'serve' }).release()
      return 'locked'
    } catch (error) {
      return (error as Error).message
    }
  }

  it('a stale lock whose pid now belongs to another, younger process is taken over, not blamed on it', async () => {
    await input(async () => {
      const dir = writableFolder()
      const other = await otherProcess()
      writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: other.pid, kind: 'serve', startedAt: Date.parse('2017-07-14T02:40:00Z') }))
      expect(lockMessage(dir)).toBe('locked')
    })
  })

  it('a lock naming a live pid with another process’s identity is taken over', async () => {
    await input(async () => {
      const dir = writableFolder()
      const other = await otherProcess()
      const identity = processIdentity(other.pid)
      writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: other.pid, kind: 'serve', startedAt: Date.now(), identity: `${identity}0` }))
      expect(lockMessage(dir)).toBe('locked')
    })
  })

  it('a lock its live holder really took still refuses a second process', async () => {
    await input(async () => {
      const dir = writableFolder()
      const other = await otherProcess()
      writeFileSync(join(dir, LOCK_FILE_NAME), JSON.stringify({ pid: other.pid, kind: 'serve', startedAt: Date.now(), identity: processIdentity(other.pid) }))
      expect(lockMessage(dir)).toMatch(new RegExp(`in use by ProofWatch serve mode, process ${other.pid} since`))
    })
  })

  it('a lock that is a folder gives a plain message, not a raw EISDIR', async () => {
    await input(() => {
      const dir = writableFolder()
      mkdirSync(join(dir, LOCK_FILE_NAME))
      const message = lockMessage(dir)
      expect(message).toMatch(/cannot be locked: .*proofwatch\.lock is a folder, where ProofWatch keeps a small lock file/)
      expect(message).not.toMatch(/EISDIR/)
      expect(existsSync(join(dir, LOCK_FILE_NAME))).toBe(true)
    })
  })

  it('a lock that is a FIFO is taken over without waiting for a writer', async () => {
    await input(() => {
      const dir = writableFolder()
      const release = fifoWithoutWriter(join(dir, LOCK_FILE_NAME))
      const message = lockMessage(dir)
      release()
      expect(message).toBe('locked')
    })
  })
})

/** Another program's SQLite database (a browser's history, say), as it keeps it: rollback journal, 0644. */
function foreignDatabase(path: string, setup = "CREATE TABLE moz_places (id INTEGER PRIMARY KEY, url TEXT); INSERT INTO moz_places (url) VALUES ('https://example.org')"): Buffer {
  const db = new DatabaseSync(path)
  db.exec(setup)
  db.close()
  chmodSync(path, 0o644)
  return readFileSync(path)
}

function expectUntouched(path: string, original: Buffer): void {
  expect(readFileSync(path).equals(original)).toBe(true)
  expect((statSync(path).mode & 0o777).toString(8)).toBe('644')
  expect(existsSync(`${path}-wal`)).toBe(false)
}

describe('hostile data files: a cache that is not ProofWatch’s', () => {
  it('a cache file that is a symlink to another program’s database: neither it nor its mode is changed, and the user is told', async () => {
    await input(() => {
      const dir = writableFolder()
      const other = join(writableFolder(), 'places.sqlite')
      const original = foreignDatabase(other)
      symlinkSync(other, join(dir, HISTORY_FILE_NAME))
      const store = open(dir)
      expect(store.info().damage?.message).toMatch(/is a symbolic link; .*left the link and what it points to as they are/)
      expectUntouched(other, original)
      expectWorking(store)
      expect(existsSync(`${other}-wal`)).toBe(false)
    })
  })

  it('another program’s database in the cache’s place is left exactly as it is', async () => {
    await input(() => {
      const dir = writableFolder()
      const path = join(dir, HISTORY_FILE_NAME)
      const original = foreignDatabase(path)
      const store = open(dir)
      expect(store.info().damage?.message).toMatch(/a SQLite database of another program \(its tables: moz_places\)/)
      expectWorking(store)
      expectUntouched(path, original)
    })
  })

  it('a database stamped with another application id is refused even with ProofWatch’s table names', async () => {
    await input(() => {
      const dir = writableFolder()
      const path = join(dir, HISTORY_FILE_NAME)
      const original = foreignDatabase(path, 'PRAGMA application_id = 1234; CREATE TABLE proofs (x); CREATE TABLE indexers (y)')
      const store = open(dir)
      expect(store.info().damage?.message).toMatch(/another program's SQLite database \(application id 0x4d2\)/)
      expectUntouched(path, original)
    })
  })

  it('a write-ahead log that is a symlink: the file it points to is not written', async () => {
    await input(async () => {
      const dir = writableFolder()
      await filledCache(dir, 10)
      const victim = join(writableFolder(), 'notes.txt')
      writeFileSync(victim, 'mine')
      symlinkSync(victim, join(dir, `${HISTORY_FILE_NAME}-wal`))
      const store = open(dir)
      expect(store.info().damage?.message).toMatch(/-wal is a symbolic link/)
      expectWorking(store)
      expect(readFileSync(victim, 'utf8')).toBe('mine')
    })
  })

  it('a ProofWatch cache from before the stamp keeps its records and is stamped as ProofWatch’s', async () => {
    await input(async () => {
      const dir = writableFolder()
      const path = await filledCache(dir, 25)
      const raw = new DatabaseSync(path)
      raw.exec('PRAGMA application_id = 0')
      raw.close()
      const store = open(dir)
      expect(store.info().damage).toBeNull()
      expect(total(store)).toBe(25)
      await store.close()
      const check = new DatabaseSync(path)
      expect((check.prepare('PRAGMA application_id').get() as { application_id: number }).application_id).toBe(APPLICATION_ID)
      check.close()
    })
  })
})

/**
 * A cache as a checkpoint stopped by a full disk leaves it: the header
 * already counts the pages the checkpoint was copying, the file ends before
 * them, and the write-ahead log still holds every one. Returns how many
 * proofs it holds.
 */
async function checkpointCutShort(dir: string, scratch: string): Promise<number> {
  const path = join(dir, HISTORY_FILE_NAME)
  await filledCache(dir, 100)
  const before = statSync(path).size
  const store = HistoryCache.open({ path })
  store.forIndexer(INDEXER).recordProofs(Array.from({ length: 3000 }, (_, index) => testProof(100 + index)))
  await store.flush()
  // The image a kill -9 would leave: everything since the last checkpoint is in the log.
  for (const suffix of ['', '-wal']) copyFileSync(`${path}${suffix}`, join(scratch, `image${suffix}`))
  await store.close()
  for (const suffix of ['', '-wal']) copyFileSync(join(scratch, `image${suffix}`), join(scratch, `done${suffix}`))
  const checkpointed = new DatabaseSync(join(scratch, 'done'))
  checkpointed.exec('PRAGMA wal_checkpoint(TRUNCATE)')
  checkpointed.close()
  // The checkpoint's first pages (the header among them) reached the file; the rest did not.
  copyFileSync(join(scratch, 'done'), path)
  truncateSync(path, before)
  copyFileSync(join(scratch, 'image-wal'), `${path}-wal`)
  rmSync(`${path}-shm`, { force: true })
  return 3100
}

describe('hostile data files: a checkpoint cut short by a full disk', () => {
  it('a cache whose log holds what its file lacks is read whole, not called cut short', async () => {
    await input(async () => {
      const dir = writableFolder()
      const rows = await checkpointCutShort(dir, writableFolder())
      const store = open(dir)
      expect(store.info().damage).toBeNull()
      expect(total(store)).toBe(rows)
      expectWorking(store)
    })
  })

  it('the same with the disk still full: every record is read from the log, and the file is kept in use', async (context) => {
    const disk = smallDiskOrSkip(context, 32 * 1024, 'hostile data files')
    await input(async () => {
      const built = writableFolder()
      const rows = await checkpointCutShort(built, writableFolder())
      for (const suffix of ['', '-wal']) copyFileSync(join(built, `${HISTORY_FILE_NAME}${suffix}`), join(disk.dir, `${HISTORY_FILE_NAME}${suffix}`))
      // Room for SQLite's shared-memory index (32 KiB), none for the checkpoint.
      writeFileSync(join(disk.dir, 'room'), Buffer.alloc(64 * 1024))
      try {
        writeFileSync(join(disk.dir, 'filler'), Buffer.alloc(64 * 1024 * 1024))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error
      }
      rmSync(join(disk.dir, 'room'))
      const store = open(disk.dir)
      expect(store.info().damage?.kind ?? null).not.toBe('truncated')
      expect(store.info().path).toBe(join(disk.dir, HISTORY_FILE_NAME))
      expect(total(store)).toBe(rows)
    })
  })
})

describe('hostile data files: folders others could enter', () => {
  it('the data folder and logs/ are created 0700, and an existing 0755 data folder is narrowed', async () => {
    await input(async () => {
      const dir = join(writableFolder(), 'fresh')
      const { monitor } = await startCoreOn(dir)
      await monitor.stop()
      lockDataDir(dir, { kind: 'serve' }).release()
      const { createFileLogger } = await import('../../src/main/core/log/log-file')
      createFileLogger({ dir: join(dir, 'logs') }).info('x')
      expect((statSync(dir).mode & 0o777).toString(8)).toBe('700')
      expect((statSync(join(dir, 'logs')).mode & 0o777).toString(8)).toBe('700')
    })
    await input(async () => {
      const dir = writableFolder()
      mkdirSync(join(dir, 'logs'))
      chmodSync(dir, 0o755)
      chmodSync(join(dir, 'logs'), 0o755)
      lockDataDir(dir, { kind: 'serve' }).release()
      const { createFileLogger } = await import('../../src/main/core/log/log-file')
      createFileLogger({ dir: join(dir, 'logs') }).info('x')
      expect((statSync(dir).mode & 0o777).toString(8)).toBe('700')
      expect((statSync(join(dir, 'logs')).mode & 0o777).toString(8)).toBe('700')
    })
  })
})
