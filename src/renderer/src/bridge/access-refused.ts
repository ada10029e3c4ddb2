import type { ErrorInfo } from '@shared/domain'
import { ProofWatchError } from '@shared/errors'

/** The page was opened without the `?token=` that serve mode prints. */
export const NO_TOKEN_MESSAGE = 'This page has no access token. Open the URL that “npm run serve” printed.'

/** Serve mode closed the bridge with BRIDGE_TOKEN_REFUSED: the token is wrong or from an earlier start. */
export const TOKEN_REFUSED_MESSAGE =
  "This page's access token is not valid (ProofWatch was restarted?). Open the URL that “npm run serve” printed."

/**
 * The error of every request once access is refused. Not UNREACHABLE:
 * ProofWatch is there, but this page's URL is wrong, and only opening the
 * right one helps.
 */
export function accessRefusedError(message: string): ProofWatchError {
  return new ProofWatchError({ code: 'ACCESS_REFUSED', message, retryable: false })
}

/** Whether `info` says the bridge refused this page, as opposed to a failed request. */
export function isAccessRefused(info: ErrorInfo): boolean {
  return info.code === 'ACCESS_REFUSED'
}
