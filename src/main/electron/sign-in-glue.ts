/**
 * The desktop's part in sign-in: the one-time sign-in page opens in the
 * system browser (where the user's wallet extension lives), and a keypair
 * file is picked in the system file dialog.
 */
import { existsSync } from 'node:fs'
import { homedir } from 'node:os'
import { join } from 'node:path'
import type { BrowserWindow, Dialog, OpenDialogOptions } from 'electron'
import { toErrorInfo } from '@shared/errors'
import type { Logger } from '../core/log/log'
import type { ExternalShell } from './external-links'

/** Only the loopback sign-in page main itself serves: http://127.0.0.1:<port>/<path>/?state=… */
export function isSignInPageUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'http:' && parsed.hostname === '127.0.0.1' && parsed.port !== '' && parsed.searchParams.has('state')
  } catch {
    return false
  }
}

export function createSignInOpener(shell: ExternalShell, log: Logger): (url: string) => Promise<boolean> {
  return async (url) => {
    if (!isSignInPageUrl(url)) {
      log.warn('Refused to open a sign-in URL main did not serve')
      return false
    }
    try {
      await shell.openExternal(url)
      return true
    } catch (error) {
      log.warn('Could not open the browser for sign-in', { error: toErrorInfo(error).message })
      return false
    }
  }
}

export function keypairDialogOptions(home: string = homedir()): OpenDialogOptions {
  const solanaDir = join(home, '.config', 'solana')
  return {
    title: 'Sign in with a Solana keypair file',
    defaultPath: existsSync(solanaDir) ? solanaDir : home,
    filters: [{ name: 'Solana keypair (JSON)', extensions: ['json'] }],
    properties: ['openFile', 'showHiddenFiles'],
  }
}

export function createKeypairPicker(dialog: Pick<Dialog, 'showOpenDialog'>, getWindow: () => BrowserWindow | null): () => Promise<string | null> {
  return async () => {
    const window = getWindow()
    const options = keypairDialogOptions()
    const choice = window && !window.isDestroyed() ? await dialog.showOpenDialog(window, options) : await dialog.showOpenDialog(options)
    return choice.canceled ? null : (choice.filePaths[0] ?? null)
  }
}
