/**
 * `@halyard/mock/playwright`: the Blog API mock inside Playwright tests. Each test's page is answered
 * by its own mock instance through `context.route()` and MSW's `getResponse`, with no service
 * worker and no server. Needs `@playwright/test` (an optional peer dependency).
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
  type BlogApiFixture,
  type BlogApiFixtureOptions,
  type BlogApiTestArgs,
  type BlogApiTestOptions,
  type HalApiFixture,
  test,
  testWithHalApi,
} from './playwright/fixture.js'
export {
  apiUrls,
  type BlogApiRoute,
  type MockedRequest,
  type RouteBlogApiOptions,
  type RouteUrl,
  routeBlogApi,
  routeHalApi,
} from './playwright/route.js'
