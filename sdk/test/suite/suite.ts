import { beforeEach, describe } from 'vitest'
import { actionCases } from './actions.case.js'
import { blogCases } from './blog.case.js'
import { errorCases } from './errors.case.js'
import { navigateCases } from './navigate.case.js'
import { paginationCases } from './pagination.case.js'
import { responseCases } from './responses.case.js'
import type { SdkTarget } from './target.js'
import { writeCases } from './writes.case.js'

export type { SdkCapability, SdkTarget } from './target.js'
export { SDK_CAPABILITIES } from './target.js'

/**
 * Registers the SDK suite against one target (in-process MSW, the real HTTP server, a browser's
 * service worker, any `E2E_BASE_URL`), in the style of Hono's shared router cases. The seed is
 * restored and overrides dropped before each test. `target` is called at registration for its name
 * and whether it has `use`: without it, the cases that override routes are not registered, and the
 * suite's name says so.
 *
 * @example
 * describeSdk(() => ({ name: 'staging', apiUrl: 'http://127.0.0.1:4010/api/v1.2', reset }))
 */
export function describeSdk(target: () => SdkTarget): void {
  const without = target().use ? '' : ' (without the cases that override routes)'
  describe(`@halyard/sdk against ${target().name}${without}`, () => {
    beforeEach(() => target().reset())
    navigateCases(target)
    paginationCases(target)
    writeCases(target)
    errorCases(target)
    responseCases(target)
    blogCases(target)
    actionCases(target)
  })
}
