import { beforeEach, describe } from 'vitest'
import { connectionCases } from './connection.case.js'
import { formsCases } from './forms.case.js'
import { graphqlCases } from './graphql.case.js'
import { API, describeNeeds } from './helpers.js'
import { httpCases } from './http.case.js'
import { pageCases } from './pages.case.js'
import { patchCases } from './patch.case.js'
import { preconditionCases } from './preconditions.case.js'
import { resourceCases } from './resources.case.js'
import { securityCases } from './security.case.js'
import { CONTRACT_CAPABILITIES, type ContractTarget, supports } from './target.js'
import { writeCases } from './writes.case.js'

export type { ContractCapability, ContractTarget } from './target.js'

/**
 * Registers the whole docs/api.md suite against one target, in the style of Hono's
 * `router/common.case.test.ts`: the cases are written once and every target (MSW interception, the
 * real server, a browser worker, `E2E_BASE_URL`) runs them all. `target` is called when the suite
 * is registered, for its name and capabilities only; its origin, fetch and reset are used inside hooks and tests,
 * so a target may set up its server in `beforeAll`. The seed is restored before each test. Cases
 * needing a capability the target lacks (see `ContractTarget.capabilities`) are not registered, and
 * the suite's name says which capabilities those are.
 *
 * @example
 * describeContract(() => ({ name: 'staging', origin, fetch: (p, i) => fetch(origin + p, i), reset }))
 */
export function describeContract(target: () => ContractTarget): void {
  const lacks = CONTRACT_CAPABILITIES.filter((capability) => !supports(target(), capability))
  const without = lacks.length === 0 ? '' : ` (without the cases needing ${lacks.join(', ')})`
  describe(`Blog API v1.2 contract: ${target().name}${without}`, () => {
    // A target that cannot restore its seed runs only the cases that write nothing.
    if (supports(target(), 'reset')) beforeEach(() => target().reset())
    resourceCases(target)
    pageCases(target)
    writeCases(target)
    patchCases(target)
    httpCases(target)
    preconditionCases(target)
    formsCases(target)
    graphqlCases(target)
    securityCases(target)
    // Its requests include a create (the upload): a write.
    if (supports(target(), 'reset'))
      describeNeeds(target, 'raw-http')('one connection, many requests', () =>
        connectionCases(() => target().origin, `${API}/blogs/1`, `${API}/blogs/1/articles`),
      )
  })
}
