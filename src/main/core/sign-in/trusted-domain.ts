/**
 * The sign-in domain the user confirmed for an indexer, kept beside its
 * session in the secret store (main only). A later challenge naming another
 * domain is shown again, saying that it changed.
 */
import { indexerKey } from '../indexer/url'
import type { SecretStorage } from '../config/secrets'

function keyOf(httpUrl: string): string {
  return `sign-in-domain:${indexerKey(httpUrl)}`
}

export function readTrustedDomain(secrets: SecretStorage, httpUrl: string): string | null {
  const text = secrets.get(keyOf(httpUrl))
  if (text === null) return null
  try {
    const parsed = JSON.parse(text) as { trustedSignInDomain?: unknown }
    return typeof parsed.trustedSignInDomain === 'string' ? parsed.trustedSignInDomain : null
  } catch {
    return null
  }
}

export function writeTrustedDomain(secrets: SecretStorage, httpUrl: string, domain: string): void {
  secrets.set(keyOf(httpUrl), JSON.stringify({ trustedSignInDomain: domain }))
}
