import { expect, type Page, test } from '@playwright/test'
import { MOCK_API } from '../ports.js'
import { saveScreenshot } from '../screenshots.js'

// The HAL explorer served by the real mock server at `/` (baseURL), driven as a person would: by
// the roles and labels of its controls.

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__admin/reset', { data: {} })
  expect(reset.status()).toBe(204)
})

/** The parts of the explorer a spec looks at. */
function explorer(page: Page) {
  const write = page.getByRole('form', { name: 'Send a request' })
  return {
    status: page.getByRole('status'),
    links: page.getByRole('region', { name: 'Links' }),
    embedded: page.getByRole('region', { name: 'Embedded' }),
    document: page.getByRole('region', { name: 'Document' }),
    headers: page.getByRole('table', { name: 'Response headers' }),
    token: page.getByLabel('Access token (X-Access-Token)'),
    address: page.getByRole('textbox', { name: 'Address' }),
    write,
    method: write.getByLabel('Method'),
    url: write.getByLabel('URL'),
    ifMatch: write.getByLabel('If-Match'),
    body: write.getByLabel('Body (JSON)'),
    send: write.getByRole('button', { name: 'Send' }),
  }
}

test.describe('browsing by links', () => {
  test('follows doc:articles from the blog, a page of it, an article and its doc:blog', async ({
    page,
  }) => {
    const ui = explorer(page)
    await page.goto('/')
    await expect(page).toHaveURL(/\/#\/api\/v1\.2$/)
    await expect(ui.status).toHaveText('GET /api/v1.2 → 200 OK')

    const blogLink = page.getByRole('form', { name: 'doc:blog' })
    await blogLink.getByLabel('blogId').fill('1')
    await blogLink.getByRole('button', { name: 'Follow doc:blog' }).click()
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1$/)
    await expect(ui.document).toContainText('"title": "Engineering blog"')

    const articles = page.getByRole('form', { name: 'doc:articles' })
    await articles.getByLabel('pageIndex').fill('2')
    await articles.getByLabel('pageSize').fill('5')
    await articles.getByRole('button', { name: 'Follow doc:articles' }).click()
    const pagePath = '/api/v1.2/blogs/1/articles?pageIndex=2&pageSize=5'
    await expect(page).toHaveURL(new RegExp(`#${literal(pagePath)}$`))
    await expect(ui.status).toHaveText(`GET ${pagePath} → 200 OK`)
    await expect(ui.embedded.getByRole('link')).toHaveText([
      'Article 6',
      'Article 7',
      'Article 8',
      'Article 9',
      'Article 10',
    ])
    await expect(ui.links.getByRole('link', { name: 'nextPage' })).toBeVisible()

    await ui.embedded.getByRole('link', { name: 'Article 7', exact: true }).click()
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1\/articles\/7$/)
    await expect(ui.document).toContainText('"title": "Article 7"')
    // The explorer asks for HAL-FORMS first, so an article comes with its templates.
    await expect(ui.headers.getByRole('row', { name: /^content-type/ })).toContainText(
      'application/prs.hal-forms+json',
    )
    await saveScreenshot(page, 'explorer.png')

    await ui.links.getByRole('link', { name: 'doc:blog', exact: true }).click()
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1$/)
    await expect(ui.document).toContainText('"title": "Engineering blog"')

    // The address lives in the hash, so the browser's Back returns to the article.
    await page.goBack()
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1\/articles\/7$/)
    await expect(ui.document).toContainText('"title": "Article 7"')
  })

  test('opens a document typed into the address bar, by keyboard', async ({ page }) => {
    const ui = explorer(page)
    await page.goto('/')
    await expect(ui.status).toHaveText('GET /api/v1.2 → 200 OK')
    const address = page.getByRole('textbox', { name: 'Address' })
    await address.fill('/api/v1.2/blogs/1/articles/3')
    await address.press('Enter')
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1\/articles\/3$/)
    await expect(ui.document).toContainText('"title": "Article 3"')

    const blogLink = ui.links.getByRole('link', { name: 'doc:blog', exact: true })
    await blogLink.focus()
    await blogLink.press('Enter')
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1$/)
    await expect(ui.document).toContainText('"title": "Engineering blog"')
    // Focus moves to the answer, so the next Tab starts there rather than at the page's top.
    await expect(page.getByRole('heading', { name: 'Response' })).toBeFocused()
  })

  test('refuses an address on another origin, so the token stays on this server', async ({
    page,
  }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1')
    await expect(ui.document).toContainText('"title": "Engineering blog"')
    const address = page.getByRole('textbox', { name: 'Address' })
    await address.fill('http://example.com/api/v1.2')
    await address.press('Enter')
    await expect(ui.status).toContainText('http://example.com/api/v1.2 is not on this server')
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1$/)
  })

  test('refuses to follow a template whose path variable is empty, on the field', async ({
    page,
    request,
  }) => {
    const ui = explorer(page)
    await page.goto('/')
    await expect(ui.status).toHaveText('GET /api/v1.2 → 200 OK')
    const blogLink = page.getByRole('form', { name: 'doc:blog' })
    const blogId = blogLink.getByLabel('blogId')
    await blogLink.getByRole('button', { name: 'Follow doc:blog' }).click()

    await expect(blogId).toHaveAttribute('aria-invalid', 'true')
    await expect(blogId).toHaveAccessibleDescription(/blogId is required/)
    await expect(blogId).toBeFocused()
    await expect(ui.status).toHaveText('Cannot follow doc:blog: fill in blogId.')
    await expect(page).toHaveURL(/#\/api\/v1\.2$/)
    const { requests } = (await (await request.get('/__admin/requests')).json()) as {
      requests: { url: string }[]
    }
    expect(requests.map(({ url }) => url)).not.toContain('/api/v1.2/blogs/')
    expect(requests.map(({ url }) => url)).toContain('/api/v1.2')

    // Optional query variables may stay empty.
    await blogId.fill('1')
    await blogLink.getByRole('button', { name: 'Follow doc:blog' }).click()
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1$/)
    const articles = page.getByRole('form', { name: 'doc:articles' })
    await articles.getByRole('button', { name: 'Follow doc:articles' }).click()
    await expect(ui.status).toHaveText('GET /api/v1.2/blogs/1/articles → 200 OK')
  })

  test("opens a curie relation's documentation in one click", async ({ page }) => {
    await page.goto('/#/api/v1.2/blogs/1')
    await page.getByRole('link', { name: 'docs for doc:articles' }).click()
    await expect(page).toHaveURL(`${MOCK_API}/docs/rels/articles`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('doc:articles')
  })
})

test.describe('the page itself', () => {
  test('shows the descent of "_" in every monospace field at 1x (dev_token, not "dev token")', async ({
    page,
  }) => {
    expect(page.viewportSize()).not.toBeNull()
    await page.goto('/#/api/v1.2/blogs/1')
    await expect(page.getByRole('form', { name: 'doc:articles' })).toBeVisible()
    const fields = await page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('input, textarea')].map((field) => {
        const style = getComputedStyle(field)
        const context = document.createElement('canvas').getContext('2d')
        if (!context) throw new Error('no 2d canvas')
        context.font = style.font
        const metrics = context.measureText('_')
        const fontBox = metrics.fontBoundingBoxAscent + metrics.fontBoundingBoxDescent
        const lineHeight =
          style.lineHeight === 'normal' ? fontBox : Number.parseFloat(style.lineHeight)
        const content =
          field.clientHeight -
          Number.parseFloat(style.paddingTop) -
          Number.parseFloat(style.paddingBottom)
        return {
          id: field.id,
          // How far below the baseline the line box reaches (half the leading below the font's box).
          room: (lineHeight - fontBox) / 2 + metrics.fontBoundingBoxDescent,
          underscore: metrics.actualBoundingBoxDescent,
          lineFits: content + 0.5 >= Math.min(lineHeight, fontBox * 2),
        }
      }),
    )
    expect(fields.length).toBeGreaterThan(4)
    for (const field of fields) {
      expect(field.room, `room below the baseline of #${field.id}`).toBeGreaterThanOrEqual(
        field.underscore,
      )
      expect(field.lineFits, `#${field.id} holds its line`).toBe(true)
    }
  })

  test('keeps the token for the tab across a reload, and not in a new tab', async ({
    page,
    context,
  }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/1')
    await ui.token.fill('dev-token')
    await page.reload()
    await expect(ui.document).toContainText('"title": "Article 1"')
    await expect(ui.token).toHaveValue('dev-token')
    // Still sent: a DELETE with it succeeds.
    await ui.method.selectOption('DELETE')
    await ui.send.click()
    await expect(ui.status).toHaveText(
      'DELETE /api/v1.2/blogs/1/articles/1 → 204 No Content; back to its collection, GET /api/v1.2/blogs/1/articles → 200 OK',
    )

    const other = await context.newPage()
    await other.goto('/')
    await expect(explorer(other).status).toHaveText('GET /api/v1.2 → 200 OK')
    await expect(explorer(other).token).toHaveValue('')
  })

  test('gives each control its own name', async ({ page }) => {
    await page.goto('/')
    await expect(page.getByLabel('Address', { exact: true })).toHaveCount(1)
    await expect(page.getByRole('textbox', { name: 'Address' })).toBeVisible()
    await expect(page.getByRole('form', { name: 'Open a document' })).toBeVisible()
  })
})

test.describe('writing through the forms', () => {
  test('POST with the dev token answers 201, whose Location opens the new article', async ({
    page,
  }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles')
    await expect(ui.status).toHaveText('GET /api/v1.2/blogs/1/articles → 200 OK')
    await ui.token.fill('dev-token')
    await ui.method.selectOption('POST')
    await expect(ui.url).toHaveValue('/api/v1.2/blogs/1/articles')
    await ui.body.fill(JSON.stringify({ title: 'Written in the explorer', content: 'Hello.' }))
    await ui.send.click()

    await expect(ui.status).toHaveText('POST /api/v1.2/blogs/1/articles → 201 Created')
    const location = ui.headers.getByRole('row', { name: /^location/ }).getByRole('link')
    await expect(location).toHaveText(new RegExp(`^${literal(MOCK_API)}/blogs/1/articles/\\d+$`))
    // The address follows Location: the panes show the new article, and so do the address bars.
    const created = new URL((await location.textContent()) ?? '').pathname
    await expect(page).toHaveURL(new RegExp(`#${literal(created)}$`))
    await expect(ui.address).toHaveValue(created)
    await expect(ui.document).toContainText('"title": "Written in the explorer"')
    await expect(ui.url).toHaveValue(created)
    await expect(ui.method).toHaveValue('PUT')
    await expect(ui.ifMatch).toHaveValue(/^".+"$/)
    await location.click()
    await expect(page).toHaveURL(new RegExp(`#${literal(created)}$`))
    await expect(ui.status).toHaveText(`GET ${created} → 200 OK`)
    await expect(ui.document).toContainText('"title": "Written in the explorer"')
    // Back returns to the collection the article was posted to.
    await page.goBack()
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1\/articles$/)
    await expect(ui.status).toHaveText('GET /api/v1.2/blogs/1/articles → 200 OK')
    await expect(ui.method).toHaveValue('POST')
  })

  test('DELETE without a token shows the 401 problem and deletes nothing', async ({
    page,
    request,
  }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/1')
    await expect(ui.document).toContainText('"title": "Article 1"')
    await ui.method.selectOption('DELETE')
    await expect(ui.body).toBeDisabled()
    await ui.send.click()

    await expect(ui.status).toHaveText('DELETE /api/v1.2/blogs/1/articles/1 → 401 Unauthorized')
    const problem = page.getByRole('region', { name: 'Problem: Unauthorized (401)' })
    await expect(problem).toContainText('X-Access-Token')
    await expect(ui.headers.getByRole('row', { name: /^www-authenticate/ })).toContainText(
      'Token realm="blog-api"',
    )
    expect((await request.get(`${MOCK_API}/blogs/1/articles/1`)).status()).toBe(200)
  })

  test('PUT starts from the current document and its ETag, and replaces it', async ({ page }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/2')
    await expect(ui.document).toContainText('"title": "Article 2"')
    await ui.token.fill('dev-token')
    await ui.method.selectOption('PUT')
    await expect(ui.ifMatch).toHaveValue(/^".+"$/)
    const fields = JSON.parse(await ui.body.inputValue()) as Record<string, unknown>
    expect(fields).toEqual({ id: 2, title: 'Article 2', content: 'The body of article 2.' })
    await ui.body.fill(JSON.stringify({ ...fields, title: 'Article 2, edited' }))
    await ui.send.click()

    await expect(ui.status).toHaveText('PUT /api/v1.2/blogs/1/articles/2 → 200 OK')
    await expect(ui.document).toContainText('"title": "Article 2, edited"')
  })

  test("a 422 lists the body's errors by JSON pointer", async ({ page }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles')
    await expect(ui.status).toHaveText('GET /api/v1.2/blogs/1/articles → 200 OK')
    await ui.token.fill('dev-token')
    await ui.body.fill('{ "titel": "A typo" }')
    await ui.send.click()

    const problem = page.getByRole('region', { name: 'Problem: Unprocessable Content (422)' })
    await expect(problem.getByRole('listitem')).toHaveText([/^\/title/, /^\/titel/])
    // The status line says what the problem says: RFC 9110's reason phrase.
    await expect(ui.status).toHaveText(
      'POST /api/v1.2/blogs/1/articles → 422 Unprocessable Content',
    )
  })

  test('a refused write keeps the document, its links and the body being edited', async ({
    page,
  }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/2')
    await expect(ui.document).toContainText('"title": "Article 2"')
    await ui.token.fill('dev-token')
    await ui.method.selectOption('PUT')
    const edited = JSON.stringify({ title: '   ', content: 'Kept while I fix the title.' })
    await ui.body.fill(edited)
    await ui.send.click()

    await expect(ui.status).toHaveText(
      'PUT /api/v1.2/blogs/1/articles/2 → 422 Unprocessable Content',
    )
    await expect(page.getByRole('region', { name: /^Problem: / })).toContainText('/title')
    await expect(ui.links.getByRole('link', { name: 'doc:blog', exact: true })).toBeVisible()
    await expect(ui.document).toContainText('"title": "Article 2"')
    await expect(ui.body).toHaveValue(edited)
    await expect(ui.method).toHaveValue('PUT')
    await expect(ui.url).toHaveValue('/api/v1.2/blogs/1/articles/2')

    // A stale ETag (412) likewise leaves the page as it was.
    await ui.ifMatch.fill('"stale"')
    await ui.send.click()
    await expect(ui.status).toHaveText('PUT /api/v1.2/blogs/1/articles/2 → 412 Precondition Failed')
    await expect(ui.links.getByRole('link', { name: 'doc:blog', exact: true })).toBeVisible()
    await expect(ui.body).toHaveValue(edited)
  })

  test('offers PUT on an article and POST on a page of a collection', async ({ page }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/4')
    await expect(ui.document).toContainText('"title": "Article 4"')
    await expect(ui.method).toHaveValue('PUT')
    await expect(ui.ifMatch).toHaveValue(/^".+"$/)
    expect(JSON.parse(await ui.body.inputValue())).toMatchObject({ id: 4, title: 'Article 4' })

    await ui.links.getByRole('link', { name: 'doc:blog', exact: true }).click()
    await expect(ui.status).toHaveText('GET /api/v1.2/blogs/1 → 200 OK')
    const articles = page.getByRole('form', { name: 'doc:articles' })
    await articles.getByLabel('pageIndex').fill('2')
    await articles.getByRole('button', { name: 'Follow doc:articles' }).click()
    await expect(ui.status).toHaveText('GET /api/v1.2/blogs/1/articles?pageIndex=2 → 200 OK')
    await expect(ui.method).toHaveValue('POST')
    await expect(ui.body).toHaveValue('{}')
  })
})

/** A string as a literal part of a RegExp. */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
