/** Building request URLs from a configured base URL, safely. */
import { ProofWatchError } from '@shared/errors'

export type QueryValue = string | number | boolean | null | undefined

function invalid(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'INVALID_ARGUMENT', message, retryable: false })
}

/**
 * The base URL in one canonical form: http(s) only, no credentials, query or
 * fragment, no trailing slash; a path prefix (`https://host/indexer`) is kept.
 */
export function normalizeBaseUrl(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl.trim())
  } catch {
    throw invalid(`The indexer URL is not a URL: ${JSON.stringify(baseUrl)}`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalid(`The indexer URL must start with http:// or https://: ${JSON.stringify(baseUrl)}`)
  }
  if (url.username !== '' || url.password !== '') throw invalid('The indexer URL must not carry credentials')
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

/** Keeps the data of different indexers apart: equal for equivalent base URLs. */
export function indexerKey(baseUrl: string): string {
  return normalizeBaseUrl(baseUrl)
}

function pathSegment(name: string, value: string | undefined): string {
  if (value === undefined) throw new Error(`No value for the path parameter :${name}`)
  // "." and ".." would be resolved away by URL parsing, even when percent-encoded.
  if (value === '' || value === '.' || value === '..') {
    throw invalid(`${JSON.stringify(value)} is not a usable value for ${name}`)
  }
  return encodeURIComponent(value)
}

/**
 * `template` is a path such as `/api/proofs/:proofAccount`; its parameters are
 * percent-encoded. Query values that are undefined, null or blank are left out.
 */
export function buildUrl(
  baseUrl: string,
  template: string,
  pathParams: Readonly<Record<string, string>> = {},
  query: Readonly<Record<string, QueryValue>> = {},
): string {
  const path = template.replace(/:(\w+)/g, (_match, name: string) => pathSegment(name, pathParams[name]))
  const pairs: string[] = []
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue
    const text = String(value)
    if (text.trim() === '') continue
    pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(text)}`)
  }
  const search = pairs.length > 0 ? `?${pairs.join('&')}` : ''
  return `${normalizeBaseUrl(baseUrl)}${path.startsWith('/') ? path : `/${path}`}${search}`
}
