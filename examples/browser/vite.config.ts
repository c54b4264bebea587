import { msw } from 'msw/vite'
import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The example app. Run from the repository root:
 * `npx vite --config examples/browser/vite.config.ts` (dev) or `… build` (to examples/browser/dist).
 */
export default defineConfig({
  root: import.meta.dirname,
  resolve: {
    // The workspace packages resolve to their TypeScript sources: no build before running the app.
    conditions: ['@halyard/source', ...defaultClientConditions],
  },
  // Serves /mockServiceWorker.js in dev and emits it in builds; the app starts the worker itself.
  plugins: [msw({ mode: 'worker-only' })],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The mock's chunk (msw, graphql, zod) is large, and loaded only when no ?api= is given.
    chunkSizeWarningLimit: 1000,
  },
})
