/**
 * V8 settings for a process that runs all day in the tray: the smallest
 * footprint rather than the last bit of allocation speed. Applied at run
 * time, first thing in every entry that runs the core (the app's main
 * process, serve mode, the benchmark's core), because Electron's main process
 * takes V8 flags only from its own command line at launch (`--js-flags`),
 * which a packaged app's launcher does not pass.
 *
 * `--optimize-for-size` is one of the few flags V8 reads on the fly (measured:
 * `--max-semi-space-size` and `--min-semi-space-size` at run time change
 * nothing): with it, the young generation stays at a few MB instead of growing
 * to 128 MB under a burst, and every full collection reduces memory, which
 * gives back to the system the heap pages V8 otherwise keeps pooled after a
 * peak (the 256 KiB mappings that held ~180 MB after a 200-address load).
 */
import { setFlagsFromString } from 'node:v8'

export const V8_MEMORY_FLAGS: readonly string[] = ['--optimize-for-size']

export function applyV8MemoryFlags(set: (flags: string) => void = setFlagsFromString): void {
  for (const flag of V8_MEMORY_FLAGS) set(flag)
}
