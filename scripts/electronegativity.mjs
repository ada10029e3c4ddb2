/**
 * Electronegativity (Doyensec's Electron security audit) over ProofWatch's
 * sources, through its JavaScript API: its command line crashes with the
 * installed commander, and both of its network look-ups (translations and
 * the Electron release list) are kept out so the audit runs offline and the
 * same every time.
 *
 * Fails (exit 1) on any finding above INFORMATIONAL that is not justified
 * below, on any file it could not parse, and on a justification that no
 * longer matches a finding (so the list cannot go stale).
 *
 *   node scripts/electronegativity.mjs [--verbose]
 */
import { cpSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const require = createRequire(join(root, 'package.json'))

/**
 * Findings above INFORMATIONAL that stay, each with why it is not a problem.
 * Keyed by check id and file (relative to the repository).
 */
export const JUSTIFIED = [
  {
    id: 'CSP_GLOBAL_CHECK',
    file: 'src/renderer/index.html',
    why:
      "The only remark on the CSP is \"'self' in script-src can be problematic if you host JSONP, Angular or user uploaded files\". " +
      "'self' is app://proofwatch (the privileged scheme main serves the renderer on, src/main/electron/app-scheme.ts) or serve " +
      "mode's 127.0.0.1 origin. Both serve only the built renderer folder through one path check " +
      '(src/main/core/renderer-files/renderer-files.ts, tested with ../, %2e%2e, encoded slashes and backslashes): no JSONP ' +
      'endpoint, no Angular, no uploads. Everything else is as strict as the evaluator knows (no inline, no eval, ' +
      "object-src/base-uri/form-action 'none').",
  },
  {
    id: 'CSP_GLOBAL_CHECK',
    file: 'src/main/electron/security.ts',
    why:
      'The check cannot read a policy that is computed, so it asks for a manual review. The header is built by ' +
      "contentSecurityPolicy() from the same directive list as index.html's meta tag plus frame-ancestors 'none' " +
      '(src/shared/content-security-policy.test.ts asserts both), so it is the policy reviewed above.',
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src/main/electron/external-links.ts',
    why:
      'The one call of shell.openExternal. Its URL never comes from a page: the monitor builds it with explorerUrl() from a ' +
      'subject whose id must be base58 of the right byte length (src/main/core/explorer-links.ts), and this opener checks it ' +
      'again with isExplorerUrl() (https://explorer.solana.com/tx|address/<id>, nothing else) right before the call, refusing ' +
      'anything else. Both are unit-tested with hostile input.',
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src/renderer/src/stores/block-explorer.ts',
    why:
      "Not Electron's shell.openExternal: the bridge method of that name, which hands main a subject (a kind and an id), never " +
      'a URL. Main checks the subject and builds and checks the URL itself (the entry for src/main/electron/external-links.ts).',
  },
  {
    id: 'CSP_GLOBAL_CHECK',
    file: 'src/renderer/sign-in.html',
    why:
      "The same remark on 'self' in script-src as for index.html. 'self' is the one-time loopback sign-in page that main serves " +
      "on 127.0.0.1 (src/main/core/sign-in/loopback-page.ts): only the built page and its bundled script, no JSONP, no uploads, no " +
      "third-party code. Everything else is 'none' (default-src, base-uri, form-action) and connect-src is 'self' only.",
  },
  {
    id: 'OPEN_EXTERNAL_JS_CHECK',
    file: 'src/main/electron/sign-in-glue.ts',
    why:
      'Opens the system browser on the loopback sign-in page only: the URL is built by main, and isSignInPageUrl() checks it is ' +
      'http://127.0.0.1:<port>/…?state=… right before the call, refusing anything else (src/main/electron/sign-in-glue.test.ts ' +
      'tries other schemes and hosts).',
  },
  {
    id: 'PROTOCOL_HANDLER_JS_CHECK',
    file: 'src/main/electron/protocol.ts',
    why:
      'Registers proofwatch:// with the OS (setAsDefaultProtocolClient); the one scheme served to the renderer is app:// ' +
      '(src/main/electron/app-scheme.ts: the built renderer folder only, nothing outside it). Every ' +
      'link that arrives is parsed by parseDeepLink() (src/main/core/deep-link.ts): only proofwatch://tx|proof|address/<base58 id ' +
      'of the right length>, letters, digits and slashes only, so no traversal, encoding, query or other scheme gets through; ' +
      'the result is a renderer route, never a URL or a path that is loaded.',
  },
]

/** Checks left out, and why. */
const EXCLUDED_CHECKS = {
  // Downloads the Electron release list from GitHub on every run. The Electron version is pinned in
  // package.json and upgraded with its own review; the audit must not depend on the network.
  AvailableSecurityFixesGlobalCheck: 'needs the network',
}

/** Unit tests are not shipped; they hold hostile input on purpose (test doubles live under test/, not scanned). */
const NOT_SHIPPED = /\.test\.ts$/

const SCANNED = ['src/main', 'src/preload', 'src/renderer', 'src/shared', 'package.json']

function stageSources(staging) {
  const copied = []
  const copy = (path) => {
    const from = join(root, path)
    if (statSync(from).isDirectory()) {
      for (const name of readdirSync(from)) copy(join(path, name))
      return
    }
    if (NOT_SHIPPED.test(path)) return
    cpSync(from, join(staging, path))
    copied.push(path)
  }
  for (const path of SCANNED) copy(path)
  return copied
}

/** Electronegativity's own i18n setup, minus the download of translations. */
function installOfflineTranslations(distDir) {
  const modulePath = require.resolve(join(distDir, 'locales', 'i18n.js'))
  const i18n = require('i18n')
  const offline = async () => {
    i18n.configure({
      locales: ['en-US'],
      defaultLocale: 'en-US',
      directory: dirname(modulePath),
      updateFiles: false,
      objectNotation: true,
      retryInDefaultLocale: true,
      register: globalThis,
    })
    i18n.setLocale('en-US')
  }
  require.cache[modulePath] = { id: modulePath, filename: modulePath, loaded: true, exports: offline }
}

export async function audit({ verbose = false } = {}) {
  const distDir = dirname(require.resolve('@doyensec/electronegativity'))
  installOfflineTranslations(distDir)
  const run = require(join(distDir, 'runner.js'))

  const staging = mkdtempSync(join(tmpdir(), 'proofwatch-electronegativity-'))
  try {
    const files = stageSources(staging)
    const result = await run({
      input: staging,
      isRelative: true,
      severitySet: 'informational',
      confidenceSet: 'tentative',
      excludeFromScan: Object.keys(EXCLUDED_CHECKS),
    })
    const findings = result.issues.map((issue) => ({
      id: issue.id,
      file: issue.file === 'N/A' ? 'N/A' : relative(staging, join(staging, issue.file)).split(sep).join('/'),
      line: issue.location?.line ?? 0,
      severity: issue.severity.name,
      level: issue.severity.value,
      confidence: issue.confidence.name,
      description: issue.description,
      manualReview: issue.manualReview === true,
    }))
    const parseErrors = result.errors.filter((error) => !error.tolerable)
    return { files, checks: result.globalChecks + result.atomicChecks, findings, parseErrors, verbose }
  } finally {
    rmSync(staging, { recursive: true, force: true })
  }
}

export function judge({ findings, parseErrors }) {
  const justification = (finding) => JUSTIFIED.find((j) => j.id === finding.id && j.file === finding.file)
  const above = findings.filter((finding) => finding.level > 0)
  const unjustified = above.filter((finding) => !justification(finding))
  const stale = JUSTIFIED.filter((j) => !above.some((finding) => finding.id === j.id && finding.file === j.file))
  return { above, unjustified, stale, justification, ok: unjustified.length === 0 && stale.length === 0 && parseErrors.length === 0 }
}

async function main() {
  const verbose = process.argv.includes('--verbose')
  const report = await audit({ verbose })
  const verdict = judge(report)
  console.log(`electronegativity: ${report.checks} checks over ${report.files.length} files`)
  for (const finding of verdict.above) {
    const why = verdict.justification(finding)
    console.log(`  ${why ? 'justified' : 'FINDING  '} ${finding.severity}/${finding.confidence} ${finding.id} ${finding.file}:${finding.line}`)
    if (!why || verbose) console.log(`      ${finding.description}`)
    if (why && verbose) console.log(`      why it stays: ${why.why}`)
  }
  const informational = report.findings.length - verdict.above.length
  if (informational > 0) console.log(`  (${informational} informational)`)
  for (const error of report.parseErrors) console.log(`  NOT PARSED ${error.file}: ${error.message}`)
  for (const entry of verdict.stale) console.log(`  STALE justification (no such finding any more): ${entry.id} ${entry.file}`)
  if (!verdict.ok) {
    console.log('electronegativity: failed')
    process.exitCode = 1
    return
  }
  console.log(`electronegativity: no findings above informational but the ${verdict.above.length} justified in scripts/electronegativity.mjs`)
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  main().catch((error) => {
    console.error('electronegativity could not run:', error)
    process.exitCode = 1
  })
}
