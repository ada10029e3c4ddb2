/**
 * Every secret this process holds (saved credentials, PROOFWATCH_CREDENTIAL,
 * the demo's session, a credential typed in to test, serve mode's access
 * token), and their redaction from everything shown on a page or written to
 * a log. An indexer may echo a credential anywhere (a 401 body, a header
 * quoted in an error, a record's field): the secret itself is what is looked for.
 */
import { credentialInSecret, credentialSecrets, type Credential } from './credentials'
import type { Logger } from '../log/log'
import { weakSecretReason } from '@shared/secret-strength'

export const REDACTED = '[redacted]'

/**
 * Short or common secrets would redact the app's own words ("Second demo",
 * the profile id `demo`); they are not looked for in free text (the log's
 * header redaction still covers them) and the profile editor warns of them.
 */
function findable(secret: string): boolean {
  return weakSecretReason(secret) === null
}

/** Where credentials can be read at any time (a secret store, the vault). */
export interface SecretSource {
  values(): Iterable<string>
}

export class KnownSecrets {
  private readonly held = new Set<string>()
  /** Secrets held only for a while (a connection test), counted so two overlapping tests do not forget each other's. */
  private readonly borrowed = new Map<string, number>()
  private readonly sources: SecretSource[] = []

  /** A credential in the app's notation (`cookie:<name>=<value>`, `bearer:<token>`), a stored session, or parsed; anything else is ignored. */
  addCredential(credential: Credential | string | null | undefined): void {
    const parsed = typeof credential === 'string' ? tryParse(credential) : credential
    if (parsed) for (const secret of credentialSecrets(parsed)) this.addSecret(secret)
  }

  /** A secret as it would appear in text (a token). */
  addSecret(secret: string): void {
    if (findable(secret)) this.held.add(secret)
  }

  /** A credential held only until the returned function is called (a secret typed for a connection test). */
  borrowCredential(credential: Credential | null | undefined): () => void {
    const secrets = credential ? credentialSecrets(credential).filter(findable) : []
    for (const secret of secrets) this.borrowed.set(secret, (this.borrowed.get(secret) ?? 0) + 1)
    let returned = false
    return () => {
      if (returned) return
      returned = true
      for (const secret of secrets) {
        const count = (this.borrowed.get(secret) ?? 1) - 1
        if (count > 0) this.borrowed.set(secret, count)
        else this.borrowed.delete(secret)
      }
    }
  }

  /** Reads `source` on each use, so credentials saved later are covered too. */
  watch(source: SecretSource): void {
    this.sources.push(source)
  }

  /** Every secret known now, longest first (one secret may contain another). */
  secrets(): string[] {
    const all = new Set([...this.held, ...this.borrowed.keys()])
    for (const source of this.sources) {
      for (const text of source.values()) {
        const parsed = tryParse(text)
        if (!parsed) continue
        for (const secret of credentialSecrets(parsed)) if (findable(secret)) all.add(secret)
      }
    }
    return [...all].sort((a, b) => b.length - a.length)
  }

  redactText(text: string): string {
    return redactIn(text, this.secrets())
  }

  /**
   * `value` with every known secret replaced in its strings. Keys are the
   * app's own (ids, settings' names) and are never rewritten. Parts
   * that hold none are shared, not copied, so a large answer costs a walk
   * and no more.
   */
  redactValue<T>(value: T): T {
    const secrets = this.secrets()
    return secrets.length === 0 ? value : (redactDeep(value, secrets) as T)
  }

  /** A logger whose messages and details have every known secret redacted before `inner` sees them. */
  logger(inner: Logger): Logger {
    const line =
      (level: keyof Logger) =>
      (message: string, details?: unknown): void => {
        const secrets = this.secrets()
        if (secrets.length === 0) return inner[level](message, details)
        inner[level](redactIn(message, secrets), details === undefined ? undefined : redactDeep(plainErrors(details), secrets))
      }
    return { info: line('info'), warn: line('warn'), error: line('error') }
  }
}

/** A pasted credential or a sign-in session, as the secret stores keep them; null for anything else. */
function tryParse(text: string): Credential | null {
  return credentialInSecret(text)
}

function redactIn(text: string, secrets: readonly string[]): string {
  let result = text
  for (const secret of secrets) if (result.includes(secret)) result = result.split(secret).join(REDACTED)
  return result
}

function redactDeep(value: unknown, secrets: readonly string[], seen = new WeakMap<object, unknown>()): unknown {
  if (typeof value === 'string') return redactIn(value, secrets)
  if (typeof value !== 'object' || value === null) return value
  if (seen.has(value)) return seen.get(value)
  if (Array.isArray(value)) {
    seen.set(value, value)
    let copy: unknown[] | null = null
    for (let index = 0; index < value.length; index++) {
      const item: unknown = value[index]
      const redacted = redactDeep(item, secrets, seen)
      if (redacted !== item && copy === null) copy = value.slice()
      if (copy) copy[index] = redacted
    }
    if (copy) seen.set(value, copy)
    return copy ?? value
  }
  if (value instanceof Error) return redactDeep(plainErrors(value), secrets, seen)
  seen.set(value, value)
  let changed = false
  const entries = Object.entries(value).map(([key, item]): [string, unknown] => {
    const redacted = redactDeep(item, secrets, seen)
    if (redacted !== item) changed = true
    return [key, redacted]
  })
  if (!changed) return value
  const copy = Object.fromEntries(entries)
  seen.set(value, copy)
  return copy
}

/** Errors as plain data (their fields are not enumerable), so their message, stack and cause are redacted too. */
function plainErrors(value: unknown): unknown {
  if (!(value instanceof Error)) return value
  const plain: Record<string, unknown> = { name: value.name, message: value.message }
  const code = (value as { code?: unknown }).code
  if (code !== undefined) plain.code = code
  if (value.stack) plain.stack = value.stack
  if (value.cause !== undefined) plain.cause = plainErrors(value.cause)
  for (const [key, item] of Object.entries(value)) if (!(key in plain)) plain[key] = item
  return plain
}
