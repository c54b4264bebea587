import { describeContract } from '../../mock/test/contract/suite.js'
import type { ContractTarget } from '../../mock/test/contract/target.js'
import { blogWorkerForFile } from './blog-worker.js'

// The mock's HTTP contract, from inside a Chromium page, answered by msw's service worker: the
// requests leave the page's fetch, cross the worker and come back as real browser Responses.
const started = blogWorkerForFile()

const target: ContractTarget = {
  name: 'the service worker in a browser page (msw/browser)',
  origin: location.origin,
  fetch: (path, init) => fetch(`${location.origin}${path}`, init),
  async reset() {
    started().worker.resetHandlers()
    await started().reset()
  },
  // A page's fetch drops a Cookie header it is given (a forbidden request header).
  capabilities: ['reset'],
}

describeContract(() => target)
