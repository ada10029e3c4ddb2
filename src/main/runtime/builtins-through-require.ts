/**
 * A Vite plugin for the main process's bundles: Node's built-in modules are
 * read through `require` instead of imported as ESM. An ESM import of a
 * built-in evaluates every lazy export of its facade: `node:fs` then loads
 * streams, fs/promises and readline, `node:http`
 * Node's whole fetch implementation. Here each built-in becomes a small module
 * that requires it once and exports only what the bundle uses (the unused
 * exports are pure, so the bundler drops them).
 *
 * `lazy` names built-ins that CommonJS code (ws) requires at load but uses only
 * in some cases: ws loads https and tls for wss:// and zlib for compression
 * (which ProofWatch turns off), time a start that connects over ws:// saves.
 * Such a require gets a stand-in that requires the built-in at its first use.
 */
import { builtinModules, createRequire } from 'node:module'
import type { Plugin } from 'vite'

const PREFIX = '\0builtin-through-require:'
const LAZY_PREFIX = '\0builtin-required-on-use:'
const IDENTIFIER = /^[A-Za-z_$][\w$]*$/
const builtins = new Set(builtinModules)
const requireHere = createRequire(import.meta.url)

function isBuiltin(id: string): boolean {
  return id.startsWith('node:') || builtins.has(id)
}

/** node:module, which the made modules use, is left as it is (its facade loads nothing more). */
function isRewritten(id: string): boolean {
  return isBuiltin(id) && id !== 'node:module' && id !== 'module'
}

/** The names the module exports: its own keys (reading none of them, so no lazy export is loaded here either). */
function exportNames(id: string): string[] {
  const module = requireHere(id) as object
  return Object.keys(module).filter((name) => IDENTIFIER.test(name) && name !== 'default')
}

type External = string | RegExp | ((id: string, ...rest: never[]) => unknown)

/** Leaves the built-ins out of a configured `external` (electron-vite lists them all), so that resolveId below sees them. */
function withoutBuiltins(external: unknown): unknown {
  if (typeof external === 'function') {
    const configured = external as (id: string, ...rest: unknown[]) => unknown
    return (id: string, ...rest: unknown[]) => (isBuiltin(id) ? false : configured(id, ...rest))
  }
  if (Array.isArray(external)) return (external as External[]).filter((entry) => typeof entry !== 'string' || !isBuiltin(entry))
  return typeof external === 'string' && isBuiltin(external) ? undefined : external
}

/** A CommonJS stand-in for a built-in: every property read (and `in`, keys) goes to the built-in, required on the first. */
function requiredOnUse(builtin: string): string {
  return [
    'let loaded',
    `const builtin = () => (loaded ??= require(${JSON.stringify(builtin)}))`,
    'module.exports = new Proxy({}, {',
    '  get: (_, name) => builtin()[name],',
    '  has: (_, name) => name in builtin(),',
    '  ownKeys: () => Reflect.ownKeys(builtin()),',
    '  getOwnPropertyDescriptor: (_, name) => {',
    '    const found = Reflect.getOwnPropertyDescriptor(builtin(), name)',
    '    return found && { ...found, configurable: true }',
    '  },',
    '})',
  ].join('\n')
}

export function builtinsThroughRequire(options: { lazy?: readonly string[] } = {}): Plugin {
  const lazy = new Set((options.lazy ?? []).flatMap((name) => [name, `node:${name}`]))
  return {
    name: 'proofwatch:builtins-through-require',
    enforce: 'pre',
    options(options) {
      return { ...options, external: withoutBuiltins(options.external) as typeof options.external }
    },
    resolveId(id, importer, options) {
      if (!isBuiltin(id)) return null
      const kind = (options as { kind?: string } | undefined)?.kind
      if (kind === 'require-call' && lazy.has(id) && !importer?.startsWith(LAZY_PREFIX)) return LAZY_PREFIX + id
      // Only ESM imports: a CommonJS require (ws's) gets the built-in itself, and node:module stays as it is.
      if (!isRewritten(id) || (kind !== 'import-statement' && kind !== 'dynamic-import')) return { id, external: true }
      return PREFIX + id
    },
    load(id) {
      if (id.startsWith(LAZY_PREFIX)) return { code: requiredOnUse(id.slice(LAZY_PREFIX.length)), moduleSideEffects: false }
      if (!id.startsWith(PREFIX)) return null
      const builtin = id.slice(PREFIX.length)
      const lines = [
        // Local names with a prefix no built-in exports, so they never clash with an export.
        "import { createRequire as __pwCreateRequire } from 'node:module'",
        `const __pwBuiltin = __pwCreateRequire(import.meta.url)(${JSON.stringify(builtin)})`,
        'const __pwRead = (name) => __pwBuiltin[name]',
        'export default __pwBuiltin',
        ...exportNames(builtin).map((name) => `export const ${name} = /* @__PURE__ */ __pwRead(${JSON.stringify(name)})`),
      ]
      return { code: lines.join('\n'), moduleSideEffects: false }
    },
  }
}
