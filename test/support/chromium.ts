import { chromium, type Browser } from 'playwright-core'

/** The Debian Chromium the end-to-end tests and the renderer benchmarks drive. */
export const CHROMIUM = process.env.PROOFWATCH_CHROMIUM ?? '/usr/bin/chromium'

/** Headless, and nothing that reaches beyond 127.0.0.1 or changes between runs. */
const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export interface ChromiumOptions {
  /**
   * Pages opened from file:// load their module scripts from file:// (as
   * Electron's loadFile does): Chromium allows that only with this flag.
   */
  filePages?: boolean
}

export function launchHeadlessChromium(options: ChromiumOptions = {}): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: options.filePages ? [...FLAGS, '--allow-file-access-from-files'] : FLAGS })
}
