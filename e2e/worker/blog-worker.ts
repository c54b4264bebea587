import { type BlogApiWorker, setupBlogWorker } from '@halyard/mock/blog/browser'
import { beforeAll } from 'vitest'

/**
 * Starts the Blog API mock in this page's service worker (at the root scope, where the `msw/vite`
 * plugin serves the script) and checks that the page is really controlled by it: msw would
 * otherwise fall back to patching fetch, and the suites would not test the worker at all.
 *
 * @example
 * const mock = await startBlogWorker()
 * await fetch('/api/v1.2/blogs/1') // answered by the worker
 */
export async function startBlogWorker(): Promise<BlogApiWorker> {
  const mock = setupBlogWorker()
  // Vitest's own module requests go through the worker too, and must reach its server.
  await mock.worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
  const script = navigator.serviceWorker.controller?.scriptURL
  if (!script || new URL(script).pathname !== '/mockServiceWorker.js') {
    throw new Error(`this page is not controlled by msw's worker (controller: ${script ?? 'none'})`)
  }
  return mock
}

/**
 * Starts the worker before the test file's cases run, and gives them a getter for it.
 *
 * @example
 * const mock = blogWorkerForFile()
 * it('…', async () => mock().worker.use(…))
 */
export function blogWorkerForFile(): () => BlogApiWorker {
  let mock: BlogApiWorker | undefined
  beforeAll(async () => {
    mock = await startBlogWorker()
  })
  return () => {
    if (!mock) throw new Error('the service worker is not started yet')
    return mock
  }
}
