import { describe, expect, it, vi } from 'vitest'
import { silentLogger } from '../core/log/log'
import { createKeypairPicker, createSignInOpener, isSignInPageUrl, keypairDialogOptions } from './sign-in-glue'

describe('sign-in on the desktop', () => {
  it('opens only the loopback sign-in page main serves, in the system browser', async () => {
    const shell = { openExternal: vi.fn(async () => undefined) }
    const open = createSignInOpener(shell, silentLogger)
    const page = 'http://127.0.0.1:45123/abc/?state=xyz'
    expect(await open(page)).toBe(true)
    expect(shell.openExternal).toHaveBeenCalledWith(page)
    for (const url of ['https://evil.example/?state=x', 'http://localhost:45123/abc/?state=x', 'http://127.0.0.1:45123/abc/', 'file:///etc/passwd', 'not a url']) {
      expect(isSignInPageUrl(url)).toBe(false)
      expect(await open(url)).toBe(false)
    }
    expect(shell.openExternal).toHaveBeenCalledTimes(1)
    const failing = createSignInOpener({ openExternal: async () => Promise.reject(new Error('no browser')) }, silentLogger)
    expect(await failing(page)).toBe(false)
  })

  it('picks a keypair file in the open dialog, starting where the Solana CLI keeps it, and gives null when cancelled', async () => {
    expect(keypairDialogOptions('/nonexistent-home')).toMatchObject({ defaultPath: '/nonexistent-home', properties: ['openFile', 'showHiddenFiles'] })
    const dialog = { showOpenDialog: vi.fn(async () => ({ canceled: false, filePaths: ['/home/me/.config/solana/id.json'] })) }
    expect(await createKeypairPicker(dialog as never, () => null)()).toBe('/home/me/.config/solana/id.json')
    dialog.showOpenDialog.mockResolvedValueOnce({ canceled: true, filePaths: [] })
    expect(await createKeypairPicker(dialog as never, () => null)()).toBeNull()
  })
})
