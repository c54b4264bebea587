import { test as base, type PlaywrightTestOptions } from '@playwright/test'
import { type BlogApi, createBlogApi } from '../blog/api.js'
import type { BlogApiOptions } from '../blog/options.js'
import type { HalApi, HalCollections } from '../core/api.js'
import { withHalApi } from '../core/handler.js'
import {
  apiUrls,
  type BlogApiRoute,
  type RouteBlogApiOptions,
  routeBlogApi,
  routeHalApi,
} from './route.js'

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
 * import type { BlogApiTestOptions } from '@halyard/mock/playwright'
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
 * Playwright's `test` whose every test has its own Blog API mock answering the page's API requests,
 * seeded afresh, so tests never see each other's writes. Handlers added with `blogApi.use()` last
 * for the test that adds them.
 *
 * Service workers are blocked by default (`serviceWorkers: 'block'`), because a request a worker
 * answers never reaches the mock; set `serviceWorkers: 'allow'` in the config or with `test.use()`
 * if the page needs a worker that leaves the API alone.
 *
 * @example
 * import { expect, test } from '@halyard/mock/playwright'
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
export const test = base.extend<BlogApiTestOptions & BlogApiTestArgs>({
  blogApiOptions: [{}, { option: true }],
  // A new default that stays an option, so `use: { serviceWorkers }` in a config still wins over
  // it. Playwright's runner accepts `option` on a built-in option; only its types leave it out.
  serviceWorkers: ['block', { option: true }] as unknown as PlaywrightTestOptions['serviceWorkers'],
  blogApi: [
    async ({ context, blogApiOptions }, use) => {
      const { url, ...apiOptions } = blogApiOptions
      const api = createBlogApi(apiOptions)
      const route = await routeBlogApi(context, api, { url: url ?? apiUrls(apiOptions.baseUrl) })
      const { use: override, resetHandlers, requests } = route
      await use(withHalApi(api, { use: override, resetHandlers, requests }))
      await route.unroute()
    },
    { auto: true },
  ],
})

/** The `halApi` fixture of {@link testWithHalApi}: the API, routed into this test's context. */
export interface HalApiFixture<C extends HalCollections = HalCollections>
  extends HalApi<C>,
    Omit<BlogApiRoute, 'unroute'> {}

/**
 * Playwright's `test` whose every test has `api` (made with `defineHalApi`) answering the page's
 * requests under its base path, restored to its seed before the test, so tests never see each
 * other's writes. Handlers added with `halApi.use()` last for the test that adds them. Service
 * workers are blocked by default, as in {@link test}.
 *
 * @example
 * import { expect, testWithHalApi } from '@halyard/mock/playwright'
 * import shop from '../shop/api.js'
 *
 * const test = testWithHalApi(shop)
 *
 * test('lists the orders', async ({ page, halApi }) => {
 *   await page.goto('/')
 *   await expect(page.getByRole('listitem')).toHaveCount(20)
 *   expect(halApi.requests()[0]?.url).toMatch(/\/api\/orders/)
 * })
 */
export function testWithHalApi<C extends HalCollections>(api: HalApi<C>) {
  return base.extend<{ halApi: HalApiFixture<C> }>({
    serviceWorkers: [
      'block',
      { option: true },
    ] as unknown as PlaywrightTestOptions['serviceWorkers'],
    halApi: [
      async ({ context }, use) => {
        await api.reset()
        const route = await routeHalApi(context, api)
        const { use: override, resetHandlers, requests } = route
        await use(withHalApi(api, { use: override, resetHandlers, requests }))
        await route.unroute()
      },
      { auto: true },
    ],
  })
}
