import { msw } from 'msw/vite'
import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The dev-only example. From the repository root: `npx vite --config examples/dev-only/vite.config.ts`
 * (development, with the mock) or `… build` (production, to examples/dev-only/dist, without it).
 */
export default defineConfig({
  root: import.meta.dirname,
  resolve: {
    // The workspace packages resolve to their TypeScript sources: no build before running the app.
    conditions: ['@halyard/source', ...defaultClientConditions],
  },
  // MSW's plugin serves /mockServiceWorker.js to the dev server only (`apply: 'serve'`): a
  // production build does not emit the worker script either.
  plugins: [{ ...msw({ mode: 'worker-only' }), apply: 'serve' }],
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
})
