/**
 * `@halyard/mock/playwright`: any API mock inside Playwright tests. Each test's page is answered
 * by the API through `context.route()`, with no service worker and no server: `testWithHalApi(api)`
 * and `routeHalApi` for any API, `test` and `routeBlogApi` for the Blog API. Needs
 * `@playwright/test` (an optional peer dependency).
 *
 * @example
 * import { expect, test } from '@halyard/mock/playwright'
 *
 * test('reads the blog', async ({ page, blogApi }) => {
 *   await page.goto('/')
 *   const blog = await page.evaluate(() => fetch('/api/v1.2/blogs/1').then((r) => r.json()))
 *   expect(blog.title).toBe('Engineering blog')
 *   expect(blogApi.requests()).toHaveLength(1)
 * })
 *
 * @packageDocumentation
 */
export { expect } from '@playwright/test'
export {
  apiUrls,
  type BlogApiFixture,
  type BlogApiFixtureOptions,
  type BlogApiRoute,
  type BlogApiTestArgs,
  type BlogApiTestOptions,
  type RouteBlogApiOptions,
  routeBlogApi,
  test,
} from './blog-shells/playwright.js'
export { type HalApiFixture, testWithHalApi } from './playwright/fixture.js'
export {
  type HalApiRoute,
  type MockedRequest,
  type RouteHalApiOptions,
  type RouteUrl,
  routeHalApi,
} from './playwright/route.js'
