/**
 * `@halyard/mock/playwright`: any API mock inside Playwright tests. Each test's page is answered
 * by the API through `context.route()`, with no service worker and no server: `testWithHalApi(api)`
 * and `routeHalApi`, and `routedFixture` for a fixture of your own. Needs `@playwright/test` (an
 * optional peer dependency). The Blog API's fixture is `@halyard/mock/blog/playwright`.
 *
 * @example
 * import { expect, testWithHalApi } from '@halyard/mock/playwright'
 * import shop from '../shop/api.js'
 *
 * const test = testWithHalApi(shop)
 *
 * test('lists the orders', async ({ page, halApi }) => {
 *   await page.goto('/')
 *   expect(halApi.requests()).toHaveLength(1)
 * })
 *
 * @packageDocumentation
 */
export { expect } from '@playwright/test'
export {
  blockServiceWorkers,
  type HalApiFixture,
  routedFixture,
  testWithHalApi,
} from './fixture.js'
export {
  type HalApiRoute,
  type MockedRequest,
  type RouteHalApiOptions,
  type RouteUrl,
  routeHalApi,
} from './route.js'
