import { expect, type Page, test } from '@playwright/test'

// The React Query example (examples/react-query) on the mock's service worker: every load starts
// from the seed (42 articles in blog 1).

/** The API requests the page sends, as `METHOD path?query`, from now on. */
function apiRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith('/api/v1.2'))
      seen.push(`${request.method()} ${url.pathname}${url.search}`)
  })
  return seen
}

const list = (page: Page) => page.getByRole('list', { name: 'Articles' }).getByRole('listitem')

test('scrolls through every article, one request per page, and opens one with no request', async ({
  page,
}) => {
  const requests = apiRequests(page)
  await page.goto('/')
  await expect(list(page).first()).toHaveText('Article 1')
  const end = page.getByText(/^(Scroll for more|Loading…|The end)$/)
  // Each time the end of the list comes into view, the next page arrives.
  await expect(async () => {
    await end.scrollIntoViewIfNeeded()
    await expect(end).toHaveText('The end', { timeout: 500 })
  }).toPass()
  await expect(list(page)).toHaveCount(42)
  const pages = requests.filter((request) => request.includes('/articles?'))
  expect(pages).toEqual([
    'GET /api/v1.2/blogs/1/articles?pageSize=10',
    ...[2, 3, 4, 5].map((i) => `GET /api/v1.2/blogs/1/articles?pageIndex=${i}&pageSize=10`),
  ])
  requests.length = 0
  await page.getByRole('link', { name: 'Article 37', exact: true }).click()
  await expect(page.getByTestId('title')).toHaveText('Article 37')
  expect(requests).toEqual([]) // it came embedded in its page
})

test('creates, edits and deletes an article through the API’s templates', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Articles (42)' })).toBeVisible()
  await page.getByRole('link', { name: 'New article' }).click()
  await page.getByLabel(/title/i).fill('Written in React')
  await page.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByTestId('title')).toHaveText('Written in React')

  await page.getByRole('button', { name: 'Edit' }).click()
  const form = page.getByRole('region', { name: 'Edit' })
  await form.getByLabel(/content/i).fill('Edited through the default template.')
  await form.getByRole('button', { name: 'Save' }).click()
  await expect(page.locator('.content')).toHaveText('Edited through the default template.')

  await page.getByRole('button', { name: 'Delete' }).click()
  // Back on the list, which the deletion invalidated: the count is the seed's again.
  await expect(page.getByRole('heading', { name: 'Articles (42)' })).toBeVisible()
  await page.getByRole('link', { name: 'New article' }).waitFor()
})

test('an optimistic rename is rolled back when the article changed meanwhile (412)', async ({
  page,
}) => {
  await page.goto('/#/api/v1.2/blogs/1/articles/3')
  await expect(page.getByTestId('title')).toHaveText('Article 3')
  await page.getByRole('button', { name: 'Edit' }).click()
  await expect(page.getByRole('button', { name: 'Rename' })).toBeVisible()
  // Someone else renames it, through the same API.
  const status = await page.evaluate(async () => {
    const response = await fetch('/api/v1.2/blogs/1/articles/3', {
      method: 'PATCH',
      headers: { 'content-type': 'application/merge-patch+json', 'x-access-token': 'dev-token' },
      body: JSON.stringify({ title: 'Renamed elsewhere' }),
    })
    return response.status
  })
  expect(status).toBe(200)
  await page.getByLabel('New title').fill('Mine')
  await page.getByRole('button', { name: 'Rename' }).click()
  await expect(page.getByRole('alert')).toContainText('Someone changed this article')
  await expect(page.getByTestId('title')).toHaveText('Renamed elsewhere')
})
