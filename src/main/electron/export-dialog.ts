/**
 * Where a desktop export goes: a file the user picks in a save dialog, written
 * by the monitor's writer (streamed, atomically). Cancelling writes nothing.
 */
import { join } from 'node:path'
import { exportFileName as namedExport } from '@shared/export-name'
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron'
import type { ExportOutcome } from '@shared/bridge'
import type { ExportRequest } from '@shared/history'
import type { ExportDestination, ExportWriters } from '../core/monitor/monitor'

export interface ExportDialogDeps {
  dialog: Pick<Dialog, 'showSaveDialog'>
  getWindow(): BrowserWindow | null
  /** Where the dialog starts (the user's Downloads folder). */
  defaultDir: string
  now?: () => Date
}

/** `proofwatch-transactions-<address>-2026-11-21.csv`: the address and filters, then the day. */
export function exportFileName(request: ExportRequest, date: Date): string {
  return namedExport(request, date.toISOString().slice(0, 10))
}

export function saveDialogOptions(request: ExportRequest, defaultDir: string, date: Date): SaveDialogOptions {
  const filter = request.format === 'csv' ? { name: 'CSV', extensions: ['csv'] } : { name: 'JSON', extensions: ['json'] }
  return {
    title: `Export ${request.kind}`,
    defaultPath: join(defaultDir, exportFileName(request, date)),
    filters: [filter],
    properties: ['createDirectory', 'showOverwriteConfirmation'],
  }
}

export function createExportDestination(deps: ExportDialogDeps): ExportDestination {
  return async (request: ExportRequest, writers: ExportWriters): Promise<ExportOutcome> => {
    const options = saveDialogOptions(request, deps.defaultDir, (deps.now ?? (() => new Date()))())
    const window = deps.getWindow()
    const choice = window && !window.isDestroyed() ? await deps.dialog.showSaveDialog(window, options) : await deps.dialog.showSaveDialog(options)
    if (choice.canceled || !choice.filePath) return { status: 'cancelled' }
    const written = await writers.toFile(choice.filePath)
    return { status: 'saved', path: written.path ?? choice.filePath, rows: written.rows, bytes: written.bytes }
  }
}
