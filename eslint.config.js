import { builtinModules } from 'node:module'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'

// Every Node built-in: bare names as exact paths (a pattern 'domain' would also match '@shared/domain'),
// node: and sub-paths (fs/promises) as patterns.
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_') && !name.includes('/'))
const nodePaths = (message) => [...nodeBuiltins, 'ws'].map((name) => ({ name, message }))
const nodePatterns = ['node:*', ...nodeBuiltins.map((name) => `/${name}/*`)]
const electronPaths = ['electron', 'electron/*']

// Components and views reach the bridge through a store (its one fake in tests, one place per call);
// access-refused is words about an error, not a way to main.
const bridgeMessage = 'Components and views reach the bridge through a store.'
const bridgeThroughStores = [{ regex: '^(@renderer/|(\\.\\./)+)bridge(/(?!access-refused$).*)?$', message: bridgeMessage }]

/** Value imports of these built-ins are refused: src/main/runtime/builtins-on-first-use.ts reads them when first used. */
function firstUseOnly(builtins) {
  return builtins.flatMap((name) => [`node:${name}`, name]).map((name) => ({
    name,
    allowTypeImports: true,
    message: 'Use the getter in src/main/runtime/builtins-on-first-use.ts: this built-in is read on first use, not at start.',
  }))
}

/** no-restricted-imports for renderer files: Node, Electron and main stay out, plus folder rules. */
function rendererImports(files, folderPatterns = []) {
  const message = 'The renderer uses the bridge, not Node or Electron.'
  return {
    files,
    ignores: folderPatterns.length ? ['**/*.test.ts'] : [],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodePaths(message),
          patterns: [
            { group: [...nodePatterns, ...electronPaths], message },
            { group: ['**/main/**', '**/preload/**'], message: 'The renderer only shares src/shared with main.' },
            ...folderPatterns,
          ],
        },
      ],
    },
  }
}

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'node_modules/**', 'bench/results/**', 'coverage/**'] },
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser } },
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'vue/multi-word-component-names': 'off',
      'vue/max-attributes-per-line': 'off',
      'vue/singleline-html-element-content-newline': 'off',
      'vue/html-self-closing': 'off',
    },
  },
  {
    // The core runs in plain Node (tests, serve mode, benchmarks): no Electron.
    files: ['src/main/core/**', 'src/main/demo/**', 'src/main/serve/**', 'src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: electronPaths, message: 'The core never imports electron; put it in src/main/electron.' }] },
      ],
    },
  },
  {
    // The demo is composed in by src/main/index.ts and serve/cli.ts; the core only knows its interface.
    files: ['src/main/core/**', 'src/shared/**'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: electronPaths, message: 'The core never imports electron; put it in src/main/electron.' },
            { group: ['**/demo/*', '**/demo/**'], message: 'The core never imports the demo; it is handed in (MonitorOptions.demo).' },
          ],
        },
      ],
    },
  },
  {
    // A value import of node:http loads Node's whole fetch implementation at start (see src/main/runtime/builtins-on-first-use.ts).
    files: ['src/main/**/*.ts'],
    ignores: ['src/main/**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: firstUseOnly(['http']) }],
    },
  },
  {
    // The core's first screen reads the cache only: the built-ins it needs later are read on first use.
    files: ['src/main/core/**/*.ts', 'src/main/demo/built-in-demo.ts'],
    ignores: ['src/main/**/*.test.ts', 'src/main/core/history/*-thread.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            ...firstUseOnly(['http', 'crypto', 'worker_threads', 'fs/promises']),
            { name: 'ws', allowTypeImports: true, message: 'Use loadWebSocketClient() from core/live/feed-connection.ts: ws is loaded at the first connect.' },
          ],
        },
      ],
    },
  },
  // The renderer reaches the world only through the bridge, and within it imports flow one way:
  // views → components → composables/stores → model. A later block replaces the rule's options,
  // so each folder's block repeats the renderer-wide patterns.
  rendererImports(['src/renderer/**']),
  rendererImports(['src/renderer/src/components/**'], [
    { group: ['@renderer/views/*', '@renderer/views/**', '**/views/*', '**/views/**'], message: 'Components are reused by views; they never import a view.' },
    ...bridgeThroughStores,
  ]),
  rendererImports(['src/renderer/src/views/**'], bridgeThroughStores),
  rendererImports(['src/renderer/src/stores/**', 'src/renderer/src/composables/**', 'src/renderer/src/model/**'], [
    {
      group: ['@renderer/views/*', '@renderer/views/**', '**/views/*', '**/views/**', '@renderer/components/*', '@renderer/components/**', '**/components/*', '**/components/**'],
      message: 'Stores, composables and the model hold state and logic; they never import a component or a view.',
    },
  ]),
  {
    // The sandboxed preload may only require electron.
    files: ['src/preload/**'],
    ignores: ['src/preload/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [...nodePaths('A sandboxed preload can only use electron.'), { name: 'zod', message: 'A sandboxed preload can only use electron.' }],
          patterns: [{ group: nodePatterns, message: 'A sandboxed preload can only use electron.' }],
        },
      ],
    },
  },
)
