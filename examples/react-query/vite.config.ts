import { msw } from 'msw/vite'
import { defaultClientConditions, defineConfig } from 'vite'

/**
 * The React Query example. Run from the repository root:
 * `npx vite --config examples/react-query/vite.config.ts` (dev) or `… build`.
 */
export default defineConfig({
  root: import.meta.dirname,
  resolve: {
    // The workspace packages resolve to their TypeScript sources: no build before running the app.
    conditions: ['@halyard/source', ...defaultClientConditions],
  },
  // Serves /mockServiceWorker.js; the app starts the worker itself.
  plugins: [msw({ mode: 'worker-only' })],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 1000 },
})
