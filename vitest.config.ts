import { defineConfig } from 'vitest/config'

// Workspace packages resolve to their TypeScript sources, so tests need no build first.
const conditions = ['@halyard/source']

export default defineConfig({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    include: ['mock/**/*.test.ts', 'sdk/**/*.test.ts', 'examples/**/*.test.ts'],
    // The real-server suites bind ports on 127.0.0.1; keep the file parallelism modest on 2 cores.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
})
