/**
 * Opens block explorer pages in the user's browser. The monitor builds the
 * URL from a checked subject (core/explorer-links.ts); this door to the
 * outside checks it once more and opens nothing else, whatever asks.
 */
import { toErrorInfo } from '@shared/errors'
import { isExplorerUrl } from '../core/links/explorer-links'
import type { Logger } from '../core/log/log'

export interface ExternalShell {
  openExternal(url: string): Promise<void>
}

/** For `monitor.setExternalOpener`: true when the browser was asked to open the page. */
export function createExternalOpener(shell: ExternalShell, log: Logger): (url: string) => Promise<boolean> {
  return async (url) => {
    if (!isExplorerUrl(url)) {
      log.warn('Refused to open a URL the app did not build', { url: url.slice(0, 200) })
      return false
    }
    try {
      await shell.openExternal(url)
      return true
    } catch (error) {
      log.warn('Could not open the browser', { url, error: toErrorInfo(error).message })
      return false
    }
  }
}
