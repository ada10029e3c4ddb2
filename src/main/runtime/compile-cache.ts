/**
 * Node's module compile cache (Node 22.1+): the code of every module loaded
 * after this call is kept compiled on disk (NODE_COMPILE_CACHE, or the OS
 * temporary folder), so later starts skip most of the compiling. Entry points
 * call it first and then import the rest, which a static import would load
 * before the call.
 */
import nodeModule from 'node:module'

/** What Node answered (enabled, already, failed, disabled); a start without the cache is only slower, so nothing throws. */
export function enableCompileCache(): string {
  try {
    const result = nodeModule.enableCompileCache?.()
    if (!result) return 'unavailable'
    return Object.entries(nodeModule.constants.compileCacheStatus).find(([, value]) => value === result.status)?.[0] ?? String(result.status)
  } catch {
    return 'failed'
  }
}
