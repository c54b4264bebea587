import { expect, test } from '@halyard/mock/blog/playwright'
import { HttpResponse, http } from 'msw'

// The example app starts its own mock in a service worker unless `?api=` names the API to use.
// Under test the fixture is the mock, so point the app at the usual API path.
const app = '/?api=/api/v1.2'

test('lists the articles of the seed', async ({ page }) => {
  await page.goto(app)
  await expect(page.getByText('Page 1 of 2 · 12 articles')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('listitem')).toHaveCount(10)
})

test('creates an article, which this test alone sees', async ({ page, blogApi }) => {
  await page.goto(`${app}#/new`)
  await page.getByLabel('Title').fill('Hello from Playwright')
  await page.getByLabel('Access token').fill('dev-token')
  await page.getByRole('button', { name: 'Create article' }).click()
  await expect(page.getByRole('heading', { name: 'Hello from Playwright' })).toBeVisible()

  // The mock's data and the requests it answered are there to check, too.
  expect(blogApi.db.articles.count()).toBe(13)
  const post = blogApi.requests().find((request) => request.method === 'POST')
  expect(post?.headers['x-access-token']).toBe('dev-token')
})

test('shows an outage of the API', async ({ page, blogApi }) => {
  // Handlers added with use() answer first, for this test only.
  blogApi.use(
    http.get('*/api/v1.2/blogs/:blogId/articles', () =>
      HttpResponse.json(
        { title: 'Service Unavailable', status: 503, detail: 'Back in a minute.' },
        { status: 503, headers: { 'content-type': 'application/problem+json' } },
      ),
    ),
  )
  await page.goto(app)
  await expect(page.getByText('The API answered 503: Back in a minute.')).toBeVisible()
})

test.describe('an empty blog', () => {
  // test.use() replaces the config's options for this group.
  test.use({ blogApiOptions: { articles: 0 } })

  test('says there is nothing to read yet', async ({ page }) => {
    await page.goto(app)
    await expect(page.getByText('This blog has no articles yet.')).toBeVisible()
  })
})
