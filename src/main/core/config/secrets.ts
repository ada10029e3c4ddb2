import { renameSync } from 'node:fs'
import { join } from 'node:path'
import { privateFolder } from '../files/private-folder'
import { FileNotReadable, readRegularTextFile } from '../files/read-regular-file'
import { silentLogger, type Logger } from '../log/log'
import { writePrivateFile } from '../files/write-private-file'

/**
 * Where credentials are kept, by profile id. Main only: nothing here ever
 * crosses the bridge. The app encrypts them with the OS keyring; serve mode
 * keeps a file only its user can read, and says it is not encrypted.
 */
export interface SecretStorage {
  get(key: string): string | null
  set(key: string, value: string | null): void
  /** Every credential held, so that each can be redacted wherever it shows up. */
  values(): string[]
  readonly encrypted: boolean
  /** What the user should know about how secrets are kept, or null. */
  readonly warning: string | null
}

export function memorySecretStorage(initial: Record<string, string> = {}): SecretStorage {
  return {
    ...secretsInMap(new Map(Object.entries(initial)), () => undefined),
    encrypted: false,
    warning: null,
  }
}

/** A few credentials and sessions take a few KB; far more is not a credentials file. */
export const SECRETS_MAX_BYTES = 4 * 1024 * 1024

/**
 * Credentials in `<dataDir>/credentials.json`, mode 0600. An unreadable file
 * is moved aside and the credentials must be entered again; it never stops a start.
 */
export function createFileSecretStorage(dataDir: string, log: Logger = silentLogger): SecretStorage {
  const file = join(dataDir, 'credentials.json')
  privateFolder(dataDir)
  const values = new Map<string, string>()
  try {
    const parsed: unknown = JSON.parse(readRegularTextFile(file, SECRETS_MAX_BYTES))
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('not an object')
    for (const [key, value] of Object.entries(parsed)) if (typeof value === 'string') values.set(key, value)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      const aside = `${file}.unreadable-${Date.now()}`
      try {
        renameSync(file, aside)
      } catch {
        // Nothing more to keep: the next write replaces it.
      }
      const why = error instanceof FileNotReadable ? error.why : error instanceof Error ? error.message : String(error)
      log.warn(`The credentials file was unreadable (${why}); moved aside, credentials must be entered again`, { aside })
    }
  }

  function save(): void {
    writePrivateFile(file, JSON.stringify(Object.fromEntries(values), null, 2) + '\n')
  }

  return {
    ...secretsInMap(values, save),
    encrypted: false,
    warning: 'Serve mode keeps credentials unencrypted in credentials.json in the data directory (readable by your user only).',
  }
}

/** Reading and changing credentials held in a map (null removes one); `changed` keeps the map after each change. */
export function secretsInMap(values: Map<string, string>, changed: () => void): Pick<SecretStorage, 'get' | 'set' | 'values'> {
  return {
    get: (key) => values.get(key) ?? null,
    set(key, value) {
      if (value === null) values.delete(key)
      else values.set(key, value)
      changed()
    },
    values: () => [...values.values()],
  }
}
