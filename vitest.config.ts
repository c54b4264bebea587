import { defineConfig } from 'vitest/config'
import PlainSummaryReporter from './tools/plain-summary-reporter.js'

// Workspace packages resolve to their TypeScript sources, so tests need no build first.
// `module-sync` is the condition Node itself picks for graphql 17; without it Vite takes graphql's
// CommonJS build while graphql-http (loaded by Node) takes the ES one, and the two copies reject
// each other's schema objects.
const conditions = ['@halyard/source', 'module-sync']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    reporters: ['default', new PlainSummaryReporter()],
    include: [
      'mock/**/*.test.ts',
      'sdk/**/*.test.ts',
      'query/**/*.test.ts',
      'examples/**/*.test.ts',
      'bench/**/*.test.ts',
      'tools/**/*.test.ts',
      // The e2e folder's own units (its suites run under e2e/vitest.config.ts).
      'e2e/*.test.ts',
    ],
    // The real-server suites bind ports on 127.0.0.1; keep the file parallelism modest on 2 cores.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
})
