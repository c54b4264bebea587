import type { HalApi } from '@halyard/mock'
import { createHalServer, type HalServer } from '@halyard/mock/server'
import { expect, type Page, test } from '@playwright/test'

// The HAL explorer serving another API than the Blog: the shop (`examples/shop/api.ts`) through
// `createHalServer`, as `halyard-mock --api examples/shop/api.ts` runs it. Its words come from the
// shop's definition, and its raw form offers what each resource's `Allow` says.

// Loaded by URL, as the bench does: examples/ is a project of its own that refers to this one.
const SHOP = new URL('../../examples/shop/api.ts', import.meta.url).href

let server: HalServer
test.beforeAll(async () => {
  const { default: shop } = (await import(SHOP)) as { default: HalApi }
  server = await createHalServer(shop, { port: 0, log: false })
})
test.afterAll(() => server?.close())
test.beforeEach(() => server.api.reset())

function explorer(page: Page) {
  const write = page.getByRole('form', { name: 'Send a request' })
  return {
    status: page.getByRole('status'),
    document: page.getByRole('region', { name: 'Document' }),
    token: page.getByLabel('Access token (X-Access-Token)'),
    write,
    method: write.getByLabel('Method'),
    url: write.getByLabel('URL'),
    body: write.getByLabel('Body (JSON)'),
    send: write.getByRole('button', { name: 'Send' }),
  }
}

/** The write methods the form offers (its enabled options). */
const offered = (page: Page) =>
  explorer(page).method.evaluate((select: HTMLSelectElement) =>
    [...select.options].filter((option) => !option.disabled).map((option) => option.value),
  )

test('is named after the API it serves and suggests its token', async ({ page }) => {
  await page.goto(`${server.origin}/`)
  await expect(page).toHaveTitle('HAL explorer · Shop mock')
  await expect(page.getByText('Browse Shop by its links.')).toBeVisible()
  await expect(page.getByText(/try dev-token/)).toBeVisible()
  await expect(page).toHaveURL(/\/#\/api$/)
  await expect(explorer(page).status).toHaveText('GET /api → 200 OK')
  await expect(page.getByText(/Blog/)).toHaveCount(0)
})

test('offers no write on the root, POST on a collection, PUT, PATCH and DELETE on a record', async ({
  page,
}) => {
  const ui = explorer(page)
  await page.goto(`${server.origin}/`)
  await expect(ui.status).toHaveText('GET /api → 200 OK')
  // The root answers 405 to PUT: the form does not offer it, nor anything else.
  await expect(
    page.getByText('This resource takes no writes (Allow: GET, HEAD, OPTIONS).'),
  ).toBeVisible()
  expect(await offered(page)).toEqual([])
  await expect(ui.send).toBeDisabled()

  await page.goto(`${server.origin}/#/api/orders`)
  await expect(ui.status).toHaveText('GET /api/orders → 200 OK')
  await expect.poll(() => offered(page)).toEqual(['POST'])
  await expect(ui.method).toHaveValue('POST')
  await expect(ui.send).toBeEnabled()

  await page.goto(`${server.origin}/#/api/orders/3`)
  await expect(ui.status).toHaveText('GET /api/orders/3 → 200 OK')
  await expect.poll(() => offered(page)).toEqual(['PUT', 'PATCH', 'DELETE'])
  await expect(ui.method).toHaveValue('PUT')
})

test('goes back to the collection after a DELETE, not to the deleted record', async ({ page }) => {
  const ui = explorer(page)
  await page.goto(`${server.origin}/#/api/orders/3`)
  await expect.poll(() => offered(page)).toContain('DELETE')
  await ui.token.fill('dev-token')
  await ui.method.selectOption('DELETE')
  await ui.send.click()
  await expect(page).toHaveURL(/#\/api\/orders$/)
  await expect(ui.status).toHaveText(
    'DELETE /api/orders/3 → 204 No Content; back to its collection, GET /api/orders → 200 OK',
  )
  // The form points at the collection, ready to create: no PUT of the deleted record's fields.
  await expect(ui.url).toHaveValue('/api/orders')
  await expect(ui.method).toHaveValue('POST')
  await expect(ui.body).toHaveValue('{}')
  expect((await page.request.get(`${server.url}/orders/3`)).status()).toBe(404)
  // Back returns to the deleted URL, which now says so.
  await page.goBack()
  await expect(ui.status).toHaveText('GET /api/orders/3 → 404 Not Found')
})

test('answers /favicon.ico without a 404', async ({ page }) => {
  const answers: number[] = []
  page.on('response', (response) => {
    if (new URL(response.url()).pathname === '/favicon.ico') answers.push(response.status())
  })
  const favicon = await page.request.get(`${server.origin}/favicon.ico`)
  expect(favicon.status()).toBe(204)
  await page.goto(`${server.origin}/`)
  await expect(explorer(page).status).toHaveText('GET /api → 200 OK')
  expect(answers.filter((status) => status === 404)).toEqual([])
})
