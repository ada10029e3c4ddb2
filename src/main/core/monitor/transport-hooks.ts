/**
 * What only the transport can do for the monitor, handed in after it is
 * built: deliver an export (a file dialog, a download link), open an https
 * link, open the sign-in page in the system browser, pick a keypair file.
 * Without a hook the page does it itself, or the method says it cannot.
 */
import type { ExportOutcome } from '@shared/bridge'
import type { Subject } from '@shared/domain'
import type { ExportRequest } from '@shared/history'
import { ProofWatchError } from '@shared/errors'
import { clusterOfChain, explorerUrl } from '../links/explorer-links'
import { DEFAULT_SIGN_IN_CHAIN } from '../indexer/sign-in'
import { exportToFile, writeExport } from '../history/export'
import type { IndexerHistory } from '../history/indexer-history'
import type { ExportDestination } from './monitor'

export interface SignInHooks {
  openBrowser?: (url: string) => Promise<boolean>
  pickKeypairFile?: () => Promise<string | null>
}

export class TransportHooks {
  private exportDestination: ExportDestination | null = null
  private openExternalUrl: ((url: string) => Promise<boolean>) | null = null
  private pickKeypairFile: (() => Promise<string | null>) | null = null
  private openSignInPage: ((url: string) => Promise<boolean>) | null = null

  setExportDestination(destination: ExportDestination): void {
    this.exportDestination = destination
  }
  setExternalOpener(open: (url: string) => Promise<boolean>): void {
    this.openExternalUrl = open
  }
  setSignInHooks(hooks: SignInHooks): void {
    this.openSignInPage = hooks.openBrowser ?? null
    this.pickKeypairFile = hooks.pickKeypairFile ?? null
  }

  /** The system browser for the one-time sign-in page; false: the page opens a tab. */
  openBrowser(url: string): Promise<boolean> {
    return this.openSignInPage ? this.openSignInPage(url) : Promise.resolve(false)
  }

  /** The file the user picked (null when cancelled); without a picker the user is asked to type the path. */
  pickKeypair(): Promise<string | null> {
    if (!this.pickKeypairFile) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'Type the path of the keypair file (for example ~/.config/solana/id.json).' })
    return this.pickKeypairFile()
  }

  /** Throws before anything is written when this transport cannot deliver an export. */
  requireExport(): ExportDestination {
    if (!this.exportDestination) throw new ProofWatchError({ code: 'INTERNAL', message: 'Export is not available here' })
    return this.exportDestination
  }

  exportFrom(history: IndexerHistory, request: ExportRequest): Promise<ExportOutcome> {
    return this.requireExport()(request, {
      toStream: (out) => writeExport(history, request, out),
      toFile: (path) => exportToFile(history, request, path),
    })
  }

  /** The subject on the block explorer of the indexer's cluster (not mainnet by default); never for the demo's made-up records. */
  async openExplorer(subject: Subject, demo: boolean): Promise<{ url: string; opened: boolean }> {
    if (demo) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: 'The demo indexer’s records are made up: no block explorer has them' })
    const cluster = clusterOfChain(DEFAULT_SIGN_IN_CHAIN)
    if (cluster === null) throw new ProofWatchError({ code: 'INVALID_ARGUMENT', message: `No public block explorer shows ${DEFAULT_SIGN_IN_CHAIN}` })
    const url = explorerUrl(subject, cluster)
    const opened = this.openExternalUrl ? await this.openExternalUrl(url) : false
    return { url, opened }
  }
}
