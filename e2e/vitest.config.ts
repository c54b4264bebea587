import { fileURLToPath } from 'node:url'
import { playwright } from '@vitest/browser-playwright'
import { msw } from 'msw/vite'
import { defaultClientConditions, defaultServerConditions } from 'vite'
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import PlainSummaryReporter from '../tools/plain-summary-reporter.js'
import { chromiumLaunchOptions } from './chromium.js'

// The shared suites (mock/test/contract, sdk/test/suite) against two more targets, one project
// each. With E2E_BASE_URL the run is about that server only, so it needs no Chromium.
const root = fileURLToPath(new URL('..', import.meta.url))

export default defineConfig({
  test: {
    root,
    reporters: ['default', new PlainSummaryReporter()],
    // Failure screenshots of the browser project, out of the source tree.
    attachmentsDir: 'node_modules/.cache/e2e-vitest',
    testTimeout: 20_000,
    projects: [...(process.env.E2E_BASE_URL ? [] : [browserProject()]), conformanceProject()],
  },
})

/** Inside a Chromium page, against the mock in msw's service worker. */
function browserProject(): TestProjectInlineConfiguration {
  return {
    // The worker script must be served at the root scope to control the test page.
    plugins: [msw({ mode: 'worker-only' })],
    // Workspace packages resolve to their TypeScript sources, as in the root config.
    resolve: { conditions: ['@halyard/source', ...defaultClientConditions] },
    test: {
      name: 'browser',
      root,
      include: ['e2e/worker/**/*.test.ts'],
      // One page at a time: two cores, and each file starts its own worker client.
      fileParallelism: false,
      browser: {
        enabled: true,
        headless: true,
        provider: playwright({ launchOptions: chromiumLaunchOptions() }),
        instances: [{ browser: 'chromium' }],
      },
    },
  }
}

/** Over real HTTP from Node, against E2E_BASE_URL or the mock's CLI started for the run. */
function conformanceProject(): TestProjectInlineConfiguration {
  // The server is reached over HTTP only; the suites' own imports (the SDK) resolve to sources.
  const conditions = ['@halyard/source', ...defaultServerConditions]
  return {
    resolve: { conditions },
    ssr: { resolve: { conditions } },
    test: {
      name: 'conformance',
      root,
      // Against E2E_BASE_URL, verify and the read-only cases (no reset control needed); against
      // the mock's own process, the whole contract and SDK suites, which reset before each case.
      include: process.env.E2E_BASE_URL
        ? ['e2e/conformance/any-server.test.ts', 'e2e/conformance/base-url.test.ts']
        : ['e2e/conformance/**/*.test.ts'],
      exclude: [
        ...configDefaults.exclude,
        ...(process.env.E2E_BASE_URL ? [] : ['e2e/conformance/any-server.test.ts']),
      ],
      environment: 'node',
      // Finds the server under test, or starts one, and checks it answers before any case runs.
      globalSetup: ['e2e/conformance/server.ts'],
      // Both suites reset the one server before each case, so their files must not overlap.
      fileParallelism: false,
    },
  }
}
