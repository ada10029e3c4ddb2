import tseslint from 'typescript-eslint'
import vue from 'eslint-plugin-vue'

const nodeBuiltins = ['fs', 'path', 'os', 'child_process', 'http', 'https', 'net', 'crypto', 'stream', 'url', 'worker_threads', 'sqlite']

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
      'no-restricted-imports': ['error', { paths: [{ name: 'electron', message: 'The core never imports electron; put it in src/main/electron.' }] }],
    },
  },
  {
    // The renderer reaches the world only through the bridge.
    files: ['src/renderer/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: ['electron', 'ws', ...nodeBuiltins].map((name) => ({ name, message: 'The renderer uses the bridge, not Node or Electron.' })),
          patterns: [
            { group: ['node:*'], message: 'The renderer uses the bridge, not Node modules.' },
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
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*', 'ws', 'zod'], message: 'A sandboxed preload can only use electron.' }] }],
    },
  },
)
