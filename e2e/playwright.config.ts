import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './chromium.js'
import { APP_PORT, MOCK_PORT, REACT_QUERY_PORT } from './ports.js'
import { HOST_RESOLVER_RULES } from './security/hosts.js'

const launchOptions = chromiumLaunchOptions()

// Specs run in one Chromium; each test gets a fresh context, so a worker's state never leaks.
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  // Two cores here: one browser worker beside the two servers keeps timings stable.
  workers: 1,
  forbidOnly: true,
  retries: 0,
  reporter: [['list']],
  outputDir: '../node_modules/.cache/e2e-results',
  use: {
    ...devices['Desktop Chrome'],
    launchOptions,
    trace: 'retain-on-failure',
  },
  projects: [
    // The example app, on its service worker by default (`?api=<url>` points it at a real server).
    {
      name: 'app',
      testMatch: 'app/**/*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${APP_PORT}` },
    },
    // The HAL explorer served by the real mock server at `/`.
    {
      name: 'explorer',
      testMatch: 'explorer/**/*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${MOCK_PORT}` },
    },
    // The React Query example (`@halyard/query`), on the mock's service worker.
    {
      name: 'react-query',
      testMatch: 'react-query/**/*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${REACT_QUERY_PORT}` },
    },
    // `@halyard/mock/playwright`: a page's API answered by context.route, no worker, no server.
    {
      name: 'fixture',
      testMatch: 'fixture/**/*.spec.ts',
      use: { baseURL: `http://127.0.0.1:${APP_PORT}` },
    },
    // The built docs site (npm run docs:build), served by the spec itself.
    { name: 'docs', testMatch: 'docs/**/*.spec.ts' },
    // Pages on other origins against the real server: CSRF, CORS and DNS rebinding.
    {
      name: 'security',
      testMatch: 'security/**/*.spec.ts',
      use: {
        launchOptions: {
          ...launchOptions,
          args: [...(launchOptions.args ?? []), HOST_RESOLVER_RULES],
        },
      },
    },
  ],
  webServer: [
    {
      // The real HTTP server, with its seed, as `npm start` runs it.
      command: `npm start -- --port ${MOCK_PORT}`,
      cwd: '..',
      url: `http://127.0.0.1:${MOCK_PORT}/api/v1.2`,
      reuseExistingServer: false,
      stdout: 'ignore',
      timeout: 60_000,
    },
    {
      // The example app's Vite dev server (it serves mockServiceWorker.js through msw/vite).
      command: `npx vite --config examples/browser/vite.config.ts --port ${APP_PORT} --strictPort --host 127.0.0.1`,
      cwd: '..',
      url: `http://127.0.0.1:${APP_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      // The React Query example's Vite dev server.
      command: `npx vite --config examples/react-query/vite.config.ts --port ${REACT_QUERY_PORT} --strictPort --host 127.0.0.1`,
      cwd: '..',
      url: `http://127.0.0.1:${REACT_QUERY_PORT}/`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
  ],
})
