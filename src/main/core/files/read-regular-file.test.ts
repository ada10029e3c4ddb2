import { execFileSync } from 'node:child_process'
import { mkdirSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempFolder } from '@test/support/temp-folder'
import { FileNotReadable, readRegularFile } from './read-regular-file'

function folder(): string {
  return tempFolder('proofwatch-read-')
}

function refusal(path: string, maxBytes = 4096): FileNotReadable {
  try {
    readRegularFile(path, maxBytes)
  } catch (error) {
    if (error instanceof FileNotReadable) return error
    throw error
  }
  throw new Error(`${path} was read`)
}

describe('readRegularFile', () => {
  it('reads a regular file, up to and including the cap, and through a symlink to one', () => {
    const dir = folder()
    writeFileSync(join(dir, 'a.json'), 'x'.repeat(4096))
    symlinkSync(join(dir, 'a.json'), join(dir, 'link.json'))
    expect(readRegularFile(join(dir, 'a.json'), 4096).length).toBe(4096)
    expect(readRegularFile(join(dir, 'link.json'), 4096).length).toBe(4096)
  })

  it('refuses a FIFO with no writer at once, instead of waiting for one for good', () => {
    const dir = folder()
    const fifo = join(dir, 'id.json')
    execFileSync('mkfifo', [fifo])
    expect(refusal(fifo)).toMatchObject({ reason: 'not-a-file', message: `${fifo} cannot be read: it is a named pipe (FIFO), not a file` })
  })

  it('refuses a symlink to /dev/zero, a directory, and a file over the cap', () => {
    const dir = folder()
    symlinkSync('/dev/zero', join(dir, 'zero.json'))
    mkdirSync(join(dir, 'folder.json'))
    writeFileSync(join(dir, 'big.json'), 'x'.repeat(4097))
    // Sparse: 8 GB that take no disk, as a device's size would claim.
    writeFileSync(join(dir, 'huge.json'), '')
    truncateSync(join(dir, 'huge.json'), 8 * 1024 ** 3)
    expect(refusal(join(dir, 'zero.json'))).toMatchObject({ reason: 'not-a-file', why: 'it is a character device, not a file' })
    expect(refusal(join(dir, 'folder.json'))).toMatchObject({ reason: 'folder', code: 'EISDIR' })
    expect(refusal(join(dir, 'big.json'))).toMatchObject({ reason: 'too-large', code: 'EFBIG' })
    expect(refusal(join(dir, 'huge.json'))).toMatchObject({ reason: 'too-large' })
  })

  it('says a missing file is missing, with ENOENT as its code', () => {
    expect(refusal(join(folder(), 'none.json'))).toMatchObject({ reason: 'missing', code: 'ENOENT', why: 'no such file' })
  })
})

describe('readRegularFile on files whose size says nothing', () => {
  it('reads /proc files (size 0) to their end, and refuses one over the cap', () => {
    const text = readRegularFile('/proc/self/status', 64 * 1024).toString('utf8')
    expect(text).toMatch(/^Name:/)
    expect(text).toMatch(/\nPid:\s+\d+/)
    expect(refusal('/proc/self/status', 16)).toMatchObject({ reason: 'too-large' })
  })
})
