// ESLint flat config: typescript-eslint's type-aware recommended rules plus eslint-plugin-rxjs-x's
// recommended rules, over lib/, spec/, examples/ and bench/. `npm run lint`.
import js from '@eslint/js'
import { defineConfig } from 'eslint/config'
import rxjsX from 'eslint-plugin-rxjs-x'
import tseslint from 'typescript-eslint'

export default defineConfig(
  // The consumer's TypeScript (spec/package/consumer) imports the installed package, which only
  // exists in the tarball spec's temp project: that spec type-checks it there, strictly.
  { ignores: ['dist/', 'docs/', 'coverage/', 'node_modules/', '.tmp/', 'spec/package/consumer/*.ts', 'lib/proto/generated/', 'lib/proto/static/'] },
  {
    files: ['**/*.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked, rxjsX.configs.recommended],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `_`-prefixed names are deliberately unused (destructuring a field away, an ignored parameter).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // Every operation returns an ObservableEither whose failures are values (Left), not errors:
      // `subscribe(next)` without an error handler is the normal way to consume one.
      'rxjs-x/no-ignored-error': 'off',
      // `interface ObservableEither<E, A> extends Observable<Either<E, A>> {}` names a type on purpose
      // (it reads better in editors and in the API docs than the expanded alias).
      '@typescript-eslint/no-empty-object-type': ['error', { allowInterfaces: 'with-single-extends' }],
    },
  },
  {
    // These forward a value of a generic or unknown type unchanged: `rightOrThrow` throws the Left
    // it was given (E is the caller's), the async-iterable bridge rejects with whatever the source
    // errored with. Wrapping either would change what the caller catches.
    files: ['lib/core/observable-either.ts', 'lib/paging/to-async-iterable.ts'],
    rules: {
      'rxjs-x/throw-error': 'off',
      '@typescript-eslint/prefer-promise-reject-errors': 'off',
    },
  },
  {
    // Tests hand `async` callbacks to APIs that want a Promise (fake pages, async generators as
    // sources), and jest's asymmetric matchers are typed `any`: both are fine in specs.
    files: ['spec/**/*.ts'],
    rules: {
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
  {
    files: ['**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    extends: [js.configs.recommended],
  },
  {
    // The tarball spec's consumer scripts run as plain Node (and Deno and Bun) scripts.
    files: ['spec/package/consumer/*.{cjs,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', __dirname: 'readonly' },
    },
  },
)
