import { afterAll, beforeAll } from 'vitest'
import { setupBlogApi } from '../src/blog/shells/node.js'
import { describeContract } from './contract/suite.js'
import type { ContractTarget } from './contract/target.js'

// The contract suite against the MSW handlers, intercepting this process's fetch: any request the
// handlers do not answer fails the test instead of reaching the network.
const ORIGIN = 'http://blog.test'
const api = setupBlogApi()

beforeAll(() => api.server.listen({ onUnhandledFrame: 'error' }))
afterAll(() => api.server.close())

const target: ContractTarget = {
  name: 'MSW interception (setupBlogApi)',
  origin: ORIGIN,
  fetch: (path, init) => fetch(`${ORIGIN}${path}`, init),
  async reset() {
    api.server.resetHandlers()
    await api.reset()
  },
  // Handlers in this process: no Host of their own to check, no CORS, no admin routes.
  capabilities: ['cookie-header', 'reset'],
}

describeContract(() => target)
