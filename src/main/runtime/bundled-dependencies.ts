/**
 * Runtime dependencies bundled into the main process's own files (the app's
 * build and the benchmarks' alike) instead of loaded from node_modules at run
 * time: resolving and linking their many small files (zod alone is about 100,
 * with every locale) was the largest share of a cold start left. Bundled, zod
 * keeps only the parts the bridge's argument schemas use. ws's optional native add-ons
 * (bufferutil, utf-8-validate) are left out of the bundle; ws uses its own
 * JavaScript then, as it does when they are not installed.
 * electron-store stays in node_modules: only the desktop app loads it, after
 * Electron itself.
 */
export const BUNDLED_IN_MAIN: readonly string[] = ['zod', 'ws', 'bs58']

/**
 * Built-ins ws requires when it loads but uses only for wss:// (https, tls) or
 * compression (zlib, which ProofWatch turns off): the bundles require them on
 * first use instead (runtime/builtins-through-require.ts).
 */
export const REQUIRED_ON_USE: readonly string[] = ['https', 'tls', 'zlib']
