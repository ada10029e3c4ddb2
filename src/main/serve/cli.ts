/**
 * The serve-mode entry: V8's memory flags and Node's compile cache first, then
 * serve mode, imported after them so that its code is compiled through the
 * cache (this file imports nothing else for that reason).
 */
import { enableCompileCache } from '../core/node/compile-cache'
import { applyV8MemoryFlags } from '../core/memory/v8-memory-flags'

// Before the core allocates anything: the footprint settings the app's main process runs with.
applyV8MemoryFlags()
enableCompileCache()
try {
  const { runServe } = await import('./serve-main')
  await runServe(import.meta.dirname)
} catch (error) {
  console.error('ProofWatch could not start:', error instanceof Error ? error.message : String(error))
  process.exit(1)
}
