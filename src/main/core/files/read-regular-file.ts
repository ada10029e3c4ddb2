/**
 * Reads a file that a user or a page named (a keypair, the settings, a data
 * folder's files) as a file, whatever the path turns out to be. `readFileSync`
 * blocks for good on a FIFO with no writer, and reads a FIFO, `/dev/zero` or
 * `/dev/urandom` without end, because `stat` gives them a size of 0. So: open
 * without blocking, `fstat` what was opened (not the path, which may change in
 * between), refuse anything but a regular file, and read at most `maxBytes`.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs'

/** Why a path was not read; `code` is the errno where there is one, so `code === 'ENOENT'` checks keep working. */
export type UnreadableReason = 'missing' | 'denied' | 'folder' | 'not-a-file' | 'too-large' | 'unreadable'

export class FileNotReadable extends Error {
  constructor(
    readonly path: string,
    readonly reason: UnreadableReason,
    readonly code: string,
    /** What is wrong, without the path: "it is a folder". */
    readonly why: string,
  ) {
    super(`${path} cannot be read: ${why}`)
    this.name = 'FileNotReadable'
  }
}

// O_NONBLOCK: opening a FIFO for reading then returns at once instead of waiting for a writer (no such flag on Windows,
// where a named pipe is not opened by path like this). O_NOCTTY: a terminal device never becomes our controlling terminal.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOCTTY ?? 0)

/** The contents of the regular file at `path`, at most `maxBytes` of them; throws FileNotReadable otherwise. */
export function readRegularFile(path: string, maxBytes: number): Buffer {
  let fd: number
  try {
    fd = openSync(path, OPEN_FLAGS)
  } catch (error) {
    throw fromErrno(path, error)
  }
  try {
    let stats: Stats
    try {
      stats = fstatSync(fd)
    } catch (error) {
      throw fromErrno(path, error)
    }
    if (!stats.isFile()) {
      throw stats.isDirectory() ? new FileNotReadable(path, 'folder', 'EISDIR', 'it is a folder, not a file') : new FileNotReadable(path, 'not-a-file', 'ENOTREGULAR', `it is ${kindOf(stats)}, not a file`)
    }
    if (stats.size > maxBytes) throw tooLarge(path, stats.size, maxBytes)
    // Read to the end, not to the size fstat gave: a file may grow meanwhile, and /proc's files say 0. One byte
    // more than allowed is enough to know a file is too large.
    let buffer = Buffer.alloc(Math.min(Math.max(stats.size, 4096), maxBytes) + 1)
    let filled = 0
    for (;;) {
      if (filled === buffer.length) {
        if (filled > maxBytes) throw tooLarge(path, filled, maxBytes)
        const grown = Buffer.alloc(Math.min(buffer.length * 2, maxBytes + 1))
        buffer.copy(grown)
        buffer.fill(0)
        buffer = grown
      }
      let read: number
      try {
        read = readSync(fd, buffer, filled, buffer.length - filled, null)
      } catch (error) {
        throw fromErrno(path, error)
      }
      if (read === 0) break
      filled += read
    }
    if (filled > maxBytes) throw tooLarge(path, filled, maxBytes)
    return buffer.subarray(0, filled)
  } finally {
    closeSync(fd)
  }
}

/** The same, as UTF-8 text (a byte-order mark is the caller's to strip). */
export function readRegularTextFile(path: string, maxBytes: number): string {
  return readRegularFile(path, maxBytes).toString('utf8')
}

function tooLarge(path: string, size: number, maxBytes: number): FileNotReadable {
  return new FileNotReadable(path, 'too-large', 'EFBIG', `it is ${size} bytes or more, over the ${maxBytes} bytes such a file can hold`)
}

function kindOf(stats: Stats): string {
  if (stats.isFIFO()) return 'a named pipe (FIFO)'
  if (stats.isCharacterDevice()) return 'a character device'
  if (stats.isBlockDevice()) return 'a block device'
  if (stats.isSocket()) return 'a socket'
  return 'not a regular file'
}

function fromErrno(path: string, error: unknown): FileNotReadable {
  const code = (error as NodeJS.ErrnoException).code ?? 'EIO'
  if (code === 'ENOENT' || code === 'ENOTDIR') return new FileNotReadable(path, 'missing', code, 'no such file')
  if (code === 'EACCES' || code === 'EPERM') return new FileNotReadable(path, 'denied', code, 'permission denied')
  if (code === 'EISDIR') return new FileNotReadable(path, 'folder', code, 'it is a folder, not a file')
  // ENXIO: a socket opened by path, or a device without its driver.
  if (code === 'ENXIO') return new FileNotReadable(path, 'not-a-file', code, 'it is not a regular file')
  return new FileNotReadable(path, 'unreadable', code, `${code} (${error instanceof Error ? error.message : String(error)})`)
}
