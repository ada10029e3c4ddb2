import { builtinModules } from 'node:module'
import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'

// Every Node built-in: bare names as exact paths (a pattern 'domain' would also match '@shared/domain'),
// node: and sub-paths (fs/promises) as patterns.
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_') && !name.includes('/'))
const nodePaths = (message) => [...nodeBuiltins, 'ws'].map((name) => ({ name, message }))
const nodePatterns = ['node:*', ...nodeBuiltins.map((name) => `/${name}/*`)]
const electronPaths = ['electron', 'electron/*']

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
    // The renderer reaches the world only through the bridge.
    files: ['src/renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: nodePaths('The renderer uses the bridge, not Node or Electron.'),
          patterns: [
            { group: [...nodePatterns, ...electronPaths], message: 'The renderer uses the bridge, not Node or Electron.' },
            { group: ['**/main/**', '**/preload/**'], message: 'The renderer only shares src/shared with main.' },
          ],
        },
      ],
    },
  },
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
