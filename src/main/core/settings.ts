import type { PublicSettings, SettingsPatch } from '@shared/domain'
import { ProofWatchError, toErrorInfo } from '@shared/errors'
import { normalizeBaseUrl } from './indexer/url'
import type { Logger } from './log'

/** Where settings are kept: electron-store in the app, a JSON file in serve mode, memory in tests. */
export interface SettingsStore {
  read(): PublicSettings
  write(next: PublicSettings): void
}

export const DEFAULT_SETTINGS: PublicSettings = { indexerUrl: null, wsUrl: null, useDemo: true }

export function memorySettingsStore(initial: PublicSettings = DEFAULT_SETTINGS): SettingsStore {
  let current = { ...initial }
  return {
    read: () => ({ ...current }),
    write: (next) => {
      current = { ...next }
    },
  }
}

/** A socket URL: ws(s) only, no credentials; a query is kept (some servers take one), a fragment is not. */
function checkSocketUrl(value: string): string {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Socket URL is not a URL: ${value}` })
  }
  if (url.protocol !== 'ws:' && url.protocol !== 'wss:') {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `Socket URL must start with ws:// or wss://: ${value}` })
  }
  if (url.username || url.password) {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'Socket URL must not carry credentials' })
  }
  url.hash = ''
  return url.toString()
}

/**
 * Validates a patch and merges it; blank URLs mean "not set". Saving an
 * indexer URL without saying otherwise means watching it; clearing it means
 * the demo.
 */
export function applySettingsPatch(current: PublicSettings, patch: SettingsPatch): PublicSettings {
  const next = { ...current }
  if (patch.indexerUrl !== undefined) {
    const value = patch.indexerUrl?.trim() ?? ''
    // The form the client uses, so what Settings shows is what is asked.
    next.indexerUrl = value === '' ? null : normalizeBaseUrl(value)
  }
  if (patch.wsUrl !== undefined) {
    const value = patch.wsUrl?.trim() ?? ''
    next.wsUrl = value === '' ? null : checkSocketUrl(value)
  }
  if (patch.useDemo !== undefined) next.useDemo = patch.useDemo
  else if (patch.indexerUrl !== undefined) next.useDemo = next.indexerUrl === null
  if (next.wsUrl && !next.indexerUrl) {
    throw new ProofWatchError({
      code: 'INVALID_ARGUMENT',
      message: 'A socket URL needs an indexer URL too (leave both blank for the demo indexer)',
    })
  }
  if (!next.useDemo && !next.indexerUrl) {
    throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'To watch your own indexer, give its URL' })
  }
  return next
}

/**
 * Settings as a store holds them (a file a person may have edited) made
 * usable: values of the wrong type are dropped, and settings that do not
 * validate give the defaults with a warning rather than a failed start.
 */
export function settingsFromStored(stored: unknown, log: Logger): PublicSettings {
  const record = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {}
  const text = (value: unknown) => (typeof value === 'string' ? value : null)
  const patch: SettingsPatch = { indexerUrl: text(record.indexerUrl), wsUrl: text(record.wsUrl) }
  if (typeof record.useDemo === 'boolean') patch.useDemo = record.useDemo
  try {
    return applySettingsPatch(DEFAULT_SETTINGS, patch)
  } catch (error) {
    log.warn('Saved settings are not valid; using the demo indexer', toErrorInfo(error))
    return { ...DEFAULT_SETTINGS }
  }
}

/** The socket URL the seed implies for an HTTP base URL: same host, ws(s), path /ws. */
export function deriveWsUrl(indexerUrl: string): string {
  const url = new URL(indexerUrl)
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:'
  url.pathname = url.pathname.replace(/\/$/, '') + '/ws'
  url.search = ''
  return url.toString()
}
