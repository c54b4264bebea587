import { createHalServer, type HalServer } from '@halyard/mock/server'
import { expect, type Page, test } from '@playwright/test'
import { libraryApi } from '../../mock/test/fixtures/library-api.js'

// The explorer on a newcomer's library (mock/test/fixtures/library-api.ts): books nested under
// authors, with a boolean `available`. Served by `createHalServer`, as `halyard-mock --api` does.

let server: HalServer
test.beforeAll(async () => {
  server = await createHalServer(libraryApi(), { port: 0, log: false })
})
test.afterAll(() => server?.close())
test.beforeEach(() => server.api.reset())

function explorer(page: Page) {
  return {
    status: page.getByRole('status'),
    actions: page.getByRole('region', { name: 'Actions' }),
    token: page.getByLabel('Access token (X-Access-Token)'),
  }
}

test("a boolean is a checkbox with the record's value, and the replace form sends it as it is", async ({
  page,
}) => {
  const ui = explorer(page)
  await page.goto(`${server.origin}/#/api/authors/2/books/26`)
  await expect(ui.status).toHaveText('GET /api/authors/2/books/26 → 200 OK')
  const replace = ui.actions.getByRole('form', { name: 'Replace this book' })
  const available = replace.getByLabel('Available', { exact: true })
  await expect(available).toHaveAttribute('type', 'checkbox')
  await expect(available).not.toBeChecked()
  await expect(available).not.toHaveAttribute('required')
  // The author comes from the URL: no field for it.
  await expect(replace.getByLabel(/Author id/)).toHaveCount(0)
  await ui.token.fill('dev-token')
  await available.check()
  await replace.getByRole('button', { name: 'Replace this book' }).click()
  await expect(ui.status).toHaveText('PUT /api/authors/2/books/26 → 200 OK')
  const book = (await (await page.request.get(`${server.url}/authors/2/books/26`)).json()) as {
    available: boolean
  }
  expect(book.available).toBe(true)
})

test("an author offers its replace form and its books' create form, each of its own", async ({
  page,
}) => {
  const ui = explorer(page)
  await page.goto(`${server.origin}/#/api/authors/2`)
  await expect(ui.status).toHaveText('GET /api/authors/2 → 200 OK')
  await expect(ui.actions.getByRole('form', { name: 'Replace this author' })).toBeVisible()
  await expect(ui.actions.getByRole('form', { name: 'Create a book' })).toBeVisible()
})
