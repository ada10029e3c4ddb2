/**
 * The serve-mode entry: V8's memory mode and Node's compile cache first, then
 * serve mode, imported after them so that its code is compiled through the
 * cache (this file imports nothing else for that reason).
 */
import { enableCompileCache } from '../runtime/compile-cache'
import { startV8MemoryModeSoon } from '../runtime/v8-memory-mode'

// The footprint settings the app's main process runs with, taken on a second after the start.
startV8MemoryModeSoon()
enableCompileCache()
try {
  const { runServe } = await import('./serve-main')
  await runServe(import.meta.dirname)
} catch (error) {
  console.error('ProofWatch could not start:', error instanceof Error ? error.message : String(error))
  process.exit(1)
}
