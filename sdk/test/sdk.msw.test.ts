import { setupBlogApi } from '@halyard/mock/blog/node'
import { afterAll, beforeAll } from 'vitest'
import { describeSdk } from './suite/suite.js'

// The SDK suite against the mock intercepted in this process: no socket, any host.
const mock = setupBlogApi()
beforeAll(() => mock.server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => mock.server.close())

describeSdk(() => ({
  name: 'the mock in-process (setupBlogApi)',
  apiUrl: 'http://blog.test/api/v1.2',
  use: (...handlers) => mock.server.use(...handlers),
  async reset() {
    mock.server.resetHandlers()
    await mock.reset()
  },
}))
