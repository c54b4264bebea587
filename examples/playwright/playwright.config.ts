import type { BlogApiTestOptions } from '@halyard/mock/blog/playwright'
import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from '../../e2e/chromium.js'
import { e2ePort } from '../../e2e/port.js'

/**
 * Where the app under test runs: here the example app (examples/browser), on Vite's dev server, on
 * the port `HALYARD_EXAMPLE_APP_PORT` names or a free one. In your project, your dev server's port.
 */
const PORT = await e2ePort('HALYARD_EXAMPLE_APP_PORT')

// Typed with BlogApiTestOptions, so `use` also takes the mock's options for every test.
export default defineConfig<BlogApiTestOptions>({
  testDir: '.',
  reporter: [['list']],
  outputDir: '../../node_modules/.cache/example-playwright-results',
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://127.0.0.1:${PORT}`,
    // Each test gets its own mock with 12 articles in blog 1 (the default seed has 42).
    blogApiOptions: { articles: 12 },
    // This repository's Chromium ($PLAYWRIGHT_CHROMIUM_EXECUTABLE_PATH, then Debian's). In your
    // project, your own browser settings go here, or nothing for Playwright's own Chromium.
    launchOptions: chromiumLaunchOptions(),
  },
  webServer: {
    // Your app's dev server. The mock needs no server of its own: it answers inside the browser.
    command: `npx vite --config examples/browser/vite.config.ts --port ${PORT} --strictPort --host 127.0.0.1`,
    cwd: '../..',
    url: `http://127.0.0.1:${PORT}/`,
    // Never test a server this run did not start: a port already answering fails the run.
    reuseExistingServer: false,
    timeout: 60_000,
  },
})
