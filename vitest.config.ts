import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    include: ['mock/**/*.test.ts', 'sdk/**/*.test.ts'],
    // The real-server suites bind ports on 127.0.0.1; keep the file parallelism modest on 2 cores.
    maxWorkers: 2,
    testTimeout: 20_000,
  },
})
