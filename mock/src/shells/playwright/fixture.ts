import { type BrowserContext, test as base, type PlaywrightTestOptions } from '@playwright/test'
import type { HalApi, HalCollections } from '../../serve/api.js'
import type { Dispatch } from '../../serve/dispatch.js'
import { withHalApi } from '../../serve/handler.js'
import { type HalApiRoute, type RouteUrl, routeHalApi } from './route.js'

/** The `halApi` fixture of {@link testWithHalApi}: the API, routed into this test's context. */
export interface HalApiFixture<C extends HalCollections = HalCollections>
  extends HalApi<C>,
    Omit<HalApiRoute, 'unroute'> {}

/**
 * Service workers blocked by default, as a request a worker answers never reaches the mock; a new
 * default that stays an option, so `use: { serviceWorkers }` in a config still wins over it.
 * Playwright's runner accepts `option` on a built-in option; only its types leave it out.
 *
 * @example
 * const test = base.extend({ serviceWorkers: blockServiceWorkers })
 */
export const blockServiceWorkers = [
  'block',
  { option: true },
] as unknown as PlaywrightTestOptions['serviceWorkers']

/**
 * Routes `api` into a test's browser context and hands the test `api` with `use()`,
 * `resetHandlers()` and `requests()`; unroutes once the test is done. The one fixture body of
 * {@link testWithHalApi} and of the Blog API's `test`.
 *
 * @example
 * import { test as base } from '@playwright/test'
 * import { blockServiceWorkers, routedFixture } from '@halyard/mock/playwright'
 *
 * // A fresh instance per test, made from an option of the test's own.
 * export const test = base.extend<{ shopOptions: ShopOptions; shop: ShopApi }>({
 *   shopOptions: [{}, { option: true }],
 *   serviceWorkers: blockServiceWorkers,
 *   shop: [async ({ context, shopOptions }, use) => routedFixture(context, createShop(shopOptions), use), { auto: true }],
 * })
 */
export async function routedFixture<Api extends Dispatch>(
  context: BrowserContext,
  api: Api,
  use: (fixture: Api & Omit<HalApiRoute, 'unroute'>) => Promise<void>,
  url?: RouteUrl,
): Promise<void> {
  const route = await routeHalApi(context, api, url === undefined ? {} : { url })
  const { use: override, resetHandlers, requests } = route
  await use(withHalApi(api, { use: override, resetHandlers, requests }))
  await route.unroute()
}

/**
 * Playwright's `test` whose every test has `api` (made with `defineHalApi`) answering the page's
 * requests under its base path, restored to its seed before the test, so tests never see each
 * other's writes. Handlers added with `halApi.use()` last for the test that adds them. Service
 * workers are blocked by default (`serviceWorkers: 'block'`); set `serviceWorkers: 'allow'` in the
 * config or with `test.use()` if the page needs a worker that leaves the API alone.
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
    serviceWorkers: blockServiceWorkers,
    halApi: [
      async ({ context }, use) => {
        await api.reset()
        await routedFixture(context, api, use)
      },
      { auto: true },
    ],
  })
}
