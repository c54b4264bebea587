import { beforeEach, describe } from 'vitest'
import { blogCases } from './blog.case.js'
import { errorCases } from './errors.case.js'
import { navigateCases } from './navigate.case.js'
import { paginationCases } from './pagination.case.js'
import type { SdkTarget } from './target.js'
import { writeCases } from './writes.case.js'

export type { SdkTarget } from './target.js'

/**
 * Registers the SDK suite against one mock target (in-process MSW, the real HTTP server), in the
 * style of Hono's shared router cases. The seed is restored and overrides dropped before each test.
 */
export function describeSdk(target: () => SdkTarget): void {
  describe(`@halyard/sdk against ${target().name}`, () => {
    beforeEach(() => target().reset())
    navigateCases(target)
    paginationCases(target)
    writeCases(target)
    errorCases(target)
    blogCases(target)
  })
}
