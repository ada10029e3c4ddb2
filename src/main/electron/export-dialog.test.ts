import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { ExportRequest, ExportResult } from '@shared/history'
import { createExportDestination, exportFileName } from './export-dialog'

vi.mock('electron', () => ({}))

const request: ExportRequest = { kind: 'transactions', format: 'csv', filter: {} } as ExportRequest
const date = new Date(Date.UTC(2026, 10, 21, 10))

function writers() {
  const result: ExportResult = { kind: 'transactions', format: 'csv', rows: 3, bytes: 120, path: null }
  return { toStream: vi.fn(), toFile: vi.fn(async (path: string) => ({ ...result, path })) }
}

describe('createExportDestination', () => {
  it('asks where to save, starting in the Downloads folder with a dated name, and writes there', async () => {
    const dialog = { showSaveDialog: vi.fn(async (..._args: unknown[]) => ({ canceled: false, filePath: '/home/u/out.csv' })) }
    const w = writers()
    const destination = createExportDestination({ dialog: dialog as never, getWindow: () => null, defaultDir: '/home/u/Downloads', now: () => date })
    await expect(destination(request, w)).resolves.toEqual({ status: 'saved', path: '/home/u/out.csv', rows: 3, bytes: 120 })
    expect(dialog.showSaveDialog).toHaveBeenCalledWith(
      expect.objectContaining({ defaultPath: join('/home/u/Downloads', 'proofwatch-transactions-2026-11-21.csv'), filters: [{ name: 'CSV', extensions: ['csv'] }] }),
    )
    expect(w.toFile).toHaveBeenCalledWith('/home/u/out.csv')
  })

  it('writes nothing when the user cancels', async () => {
    const dialog = { showSaveDialog: vi.fn(async () => ({ canceled: true, filePath: '' })) }
    const w = writers()
    const destination = createExportDestination({ dialog: dialog as never, getWindow: () => null, defaultDir: '/tmp', now: () => date })
    await expect(destination(request, w)).resolves.toEqual({ status: 'cancelled' })
    expect(w.toFile).not.toHaveBeenCalled()
  })

  it('names files by kind, address and filters, date and format', () => {
    expect(exportFileName({ kind: 'proofs', format: 'json', filter: {} }, date)).toBe('proofwatch-proofs-2026-11-21.json')
    const pubkey = '5nrhT8bWs1WbYfqvyVGV3RxkLbzS5BXb1cCCDWdwshmy'
    expect(exportFileName({ kind: 'transactions', format: 'csv', filter: { pubkey, status: 'FAILED' } }, date)).toBe(`proofwatch-transactions-${pubkey}-failed-2026-11-21.csv`)
  })
})
