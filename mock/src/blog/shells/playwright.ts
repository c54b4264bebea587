/**
 * `@halyard/mock/blog/playwright`: the Blog API inside Playwright tests, on the generic fixture
 * and route of `@halyard/mock/playwright`: `test`, whose every test has its own Blog API
 * instance, and `routeBlogApi`.
 *
 * @example
 * import { expect, test } from '@halyard/mock/blog/playwright'
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
import type { BrowserContext, Page } from '@playwright/test'
import { test as base } from '@playwright/test'
import {
  blockServiceWorkers,
  type HalApiRoute,
  type RouteHalApiOptions,
  routedFixture,
  routeHalApi,
} from '../../shells/playwright/index.js'
import { API_PATH, type BlogApi, type BlogApiOptions, createBlogApi } from '../index.js'

/** Options of {@link routeBlogApi}: `url` defaults to `/api/v1.2` and below, on any origin. */
export type RouteBlogApiOptions = RouteHalApiOptions

/** A Blog API mock routed into a browser context or page by {@link routeBlogApi}. */
export type BlogApiRoute = HalApiRoute

/**
 * `routeHalApi` with a Blog API instance, answering `/api/v1.2` and every path below it (on any
 * origin, unless `url` says otherwise).
 *
 * @example
 * import { createBlogApi, routeBlogApi } from '@halyard/mock/blog/playwright'
 *
 * const mock = await routeBlogApi(page, createBlogApi({ articles: 5 }))
 * await page.goto('/')
 * // … the page's fetch('/api/v1.2/blogs/1') is answered by the mock
 * await mock.unroute()
 */
export function routeBlogApi(
  target: BrowserContext | Page,
  api: BlogApi,
  options: RouteBlogApiOptions = {},
): Promise<BlogApiRoute> {
  return routeHalApi(target, api, { url: options.url ?? apiUrls() })
}

/**
 * The Blog API's URLs: `/api/v1.2` and every path below it, on `baseUrl`'s origin, or on any origin
 * without one. {@link routeBlogApi}'s default `url`.
 *
 * @example
 * const api = createBlogApi({ baseUrl })
 * await routeBlogApi(page, api, { url: apiUrls(baseUrl) })
 */
export function apiUrls(baseUrl?: string): (url: URL) => boolean {
  const origin = baseUrl === undefined ? undefined : new URL(baseUrl).origin
  return (url) =>
    (origin === undefined || url.origin === origin) &&
    (url.pathname === API_PATH || url.pathname.startsWith(`${API_PATH}/`))
}

/**
 * What `blogApiOptions` takes: the mock instance's options and which URLs it answers. `url`
 * defaults to `/api/v1.2` and below on `baseUrl`'s origin when given, else on any origin.
 */
export interface BlogApiFixtureOptions extends BlogApiOptions, RouteBlogApiOptions {}

/** The `blogApi` fixture: this test's own mock instance, routed into its browser context. */
export interface BlogApiFixture extends BlogApi, Omit<BlogApiRoute, 'unroute'> {}

/**
 * The option {@link test} adds, as Playwright names its own (`PlaywrightTestOptions`). Type a
 * config with it to set the option there.
 *
 * @example
 * // playwright.config.ts
 * import type { BlogApiTestOptions } from '@halyard/mock/blog/playwright'
 *
 * export default defineConfig<BlogApiTestOptions>({ use: { blogApiOptions: { articles: 25 } } })
 */
export interface BlogApiTestOptions {
  /** Options of every test's mock instance; set in the config's `use` or with `test.use()`. */
  blogApiOptions: BlogApiFixtureOptions
}

/** The fixture {@link test} adds, as Playwright names its own (`PlaywrightTestArgs`). */
export interface BlogApiTestArgs {
  /** This test's Blog API mock; always on, even in a test that does not name it. */
  blogApi: BlogApiFixture
}

/**
 * `testWithHalApi` for the Blog API: every test has its own instance (made from `blogApiOptions`),
 * seeded afresh, answering the page's `/api/v1.2` requests, so tests never see each other's writes.
 * Handlers added with `blogApi.use()` last for the test that adds them. Service workers are blocked
 * by default, as in `testWithHalApi`.
 *
 * @example
 * import { blogTest as test, expect } from '@halyard/mock/blog/playwright'
 * import { HttpResponse, http } from 'msw'
 *
 * test.use({ blogApiOptions: { articles: 5 } })
 *
 * test('shows an outage', async ({ page, blogApi }) => {
 *   blogApi.use(http.get('/api/v1.2/blogs/1', () => HttpResponse.json({}, { status: 503 })))
 *   await page.goto('/')
 *   await expect(page.getByRole('alert')).toBeVisible()
 * })
 */
export const blogTest = base.extend<BlogApiTestOptions & BlogApiTestArgs>({
  blogApiOptions: [{}, { option: true }],
  serviceWorkers: blockServiceWorkers,
  blogApi: [
    async ({ context, blogApiOptions }, use) => {
      const { url, ...apiOptions } = blogApiOptions
      const api = createBlogApi(apiOptions)
      await routedFixture(context, api, use, url ?? apiUrls(apiOptions.baseUrl))
    },
    { auto: true },
  ],
})

/**
 * The old name of {@link blogTest}, kept because Playwright's own is `test`.
 *
 * @deprecated Use `blogTest` (`import { blogTest as test } from '@halyard/mock/blog/playwright'`).
 * @example
 * test('reads the blog', async ({ page, blogApi }) => { await page.goto('/') })
 */
export const test: typeof blogTest = blogTest

export { expect } from '@playwright/test'
export type { BlogApi, BlogApiOptions }
export { createBlogApi }
