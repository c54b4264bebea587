import { describeSdk } from '../../sdk/test/suite/suite.js'
import { blogWorkerForFile } from './blog-worker.js'

// The SDK suite as a web app runs it: ky and the browser's fetch in a Chromium page, every request
// answered by msw's service worker, overrides through `worker.use()`.
const started = blogWorkerForFile()

describeSdk(() => ({
  name: 'the service worker in a browser page (msw/browser)',
  apiUrl: `${location.origin}/api/v1.2`,
  use: (...handlers) => started().worker.use(...handlers),
  async reset() {
    started().worker.resetHandlers()
    await started().reset()
  },
}))
