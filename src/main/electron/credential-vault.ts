/**
 * Credentials kept by main, encrypted with Electron's safeStorage (the OS
 * keyring) in `<userData>/credentials.enc.json`. They never go to the
 * renderer and never into a log. Where the OS offers no keyring (Linux
 * without one reports the `basic_text` backend, which is not encryption),
 * nothing is written: credentials last for this session only, and
 * `warning` says so.
 */
import { renameSync } from 'node:fs'
import { SECRETS_MAX_BYTES, secretsInMap } from '../core/config/secrets'
import { readRegularTextFile } from '../core/files/read-regular-file'
import type { Logger } from '../core/log/log'
import type { SecretStorage } from '../core/config/secrets'
import { writePrivateFile } from '../core/files/write-private-file'

export interface SafeStorageLike {
  isAsyncEncryptionAvailable(): Promise<boolean>
  encryptStringAsync(plainText: string): Promise<Buffer>
  decryptStringAsync(encrypted: Buffer): Promise<{ result: string; shouldReEncrypt: boolean }>
  /** Linux only. */
  getSelectedStorageBackend?(): string
}

export interface CredentialVaultOptions {
  safeStorage: SafeStorageLike
  file: string
  platform: NodeJS.Platform
  log: Logger
}

export interface CredentialVault extends SecretStorage {
  /** Resolves once every change so far is on disk (or failed and said so in `warning`). */
  flush(): Promise<void>
  /** Every credential held, for the log's redaction only. */
  values(): string[]
}

export const NO_KEYRING_WARNING =
  'No system keyring is available, so credentials are kept for this session only and must be entered again after a restart. ' +
  'Install and unlock a keyring (GNOME Keyring or KWallet on Linux) to keep them encrypted.'

interface VaultFile {
  version: 1
  /** Base64 of what safeStorage encrypted, by key. */
  entries: Record<string, string>
}

function parseVaultFile(text: string): VaultFile | null {
  try {
    const value = JSON.parse(text) as Partial<VaultFile>
    if (value?.version !== 1 || typeof value.entries !== 'object' || value.entries === null || Array.isArray(value.entries)) return null
    const entries = Object.fromEntries(Object.entries(value.entries).filter(([, item]) => typeof item === 'string'))
    return { version: 1, entries }
  } catch {
    return null
  }
}

async function keyringAvailable(options: CredentialVaultOptions): Promise<boolean> {
  try {
    if (!(await options.safeStorage.isAsyncEncryptionAvailable())) return false
  } catch {
    return false
  }
  // `basic_text` encrypts with a key baked into Chromium: no better than plain text.
  return options.platform !== 'linux' || options.safeStorage.getSelectedStorageBackend?.() !== 'basic_text'
}

/** Opens the vault (after the app is ready: safeStorage needs it) and decrypts what it holds. */
export async function openCredentialVault(options: CredentialVaultOptions): Promise<CredentialVault> {
  const { safeStorage, file, log } = options
  const values = new Map<string, string>()
  const encrypted = await keyringAvailable(options)
  let warning: string | null = encrypted ? null : NO_KEYRING_WARNING
  let saving: Promise<void> = Promise.resolve()
  let needsSave = false

  if (!encrypted) log.warn('No system keyring; credentials are kept for this session only')

  let text: string | null = null
  try {
    text = readRegularTextFile(file, SECRETS_MAX_BYTES)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') log.warn('Could not read the credentials file', { file, error: String(error) })
  }
  if (text !== null && encrypted) {
    const stored = parseVaultFile(text)
    if (!stored) {
      const aside = `${file}.unreadable-${Date.now()}`
      try {
        renameSync(file, aside)
      } catch {
        // The next save replaces it.
      }
      warning = 'The saved credentials could not be read; enter them again.'
      log.warn('The credentials file was unreadable; moved aside', { aside })
    } else {
      for (const [key, base64] of Object.entries(stored.entries)) {
        try {
          const { result, shouldReEncrypt } = await safeStorage.decryptStringAsync(Buffer.from(base64, 'base64'))
          values.set(key, result)
          if (shouldReEncrypt) needsSave = true
        } catch {
          // Encrypted under another keyring or user: it cannot come back.
          needsSave = true
          warning = 'A saved credential could not be decrypted (the system keyring changed); enter it again.'
          log.warn('A saved credential could not be decrypted; it must be entered again', { key })
        }
      }
    }
  }

  async function save(): Promise<void> {
    const entries: Record<string, string> = {}
    for (const [key, value] of values) entries[key] = (await safeStorage.encryptStringAsync(value)).toString('base64')
    writePrivateFile(file, JSON.stringify({ version: 1, entries } satisfies VaultFile, null, 2) + '\n')
  }

  function scheduleSave(): void {
    if (!encrypted) return
    // One save after another, each with everything known by then.
    saving = saving.then(save).then(
      () => {
        if (warning !== null && warning.startsWith('Could not save')) warning = null
      },
      (error: unknown) => {
        warning = `Could not save credentials: ${error instanceof Error ? error.message : String(error)}. They are kept for this session.`
        log.error('Could not save credentials', { error: error instanceof Error ? error.message : String(error) })
      },
    )
  }

  if (needsSave) scheduleSave()

  return {
    ...secretsInMap(values, scheduleSave),
    get encrypted() {
      return encrypted
    },
    get warning() {
      return warning
    },
    flush: () => saving,
  }
}
