import { expect, type Page, test } from '@playwright/test'
import { MOCK_API } from '../ports.js'

// The explorer's HAL-FORMS actions: each template of a document is a form of its own, with its
// properties' constraints as HTML attributes, sent as the template says.

test.beforeEach(async ({ request }) => {
  const reset = await request.post('/__admin/reset', { data: {} })
  expect(reset.status()).toBe(204)
})

function explorer(page: Page) {
  return {
    status: page.getByRole('status'),
    actions: page.getByRole('region', { name: 'Actions' }),
    document: page.getByRole('region', { name: 'Document' }),
    token: page.getByLabel('Access token (X-Access-Token)'),
  }
}

test.describe('HAL-FORMS templates as forms', () => {
  test("an article's templates are forms with the schema's constraints, method and target", async ({
    page,
  }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/3')
    await expect(ui.status).toHaveText('GET /api/v1.2/blogs/1/articles/3 → 200 OK')
    const replace = ui.actions.getByRole('form', { name: 'Replace this article' })
    await expect(replace).toContainText(`PUT /api/v1.2/blogs/1/articles/3`)
    await expect(replace).toContainText('application/json')
    const title = replace.getByLabel('Title (required)')
    await expect(title).toHaveValue('Article 3')
    await expect(title).toHaveAttribute('required', '')
    await expect(title).toHaveAttribute('minlength', '1')
    await expect(title).toHaveAttribute('maxlength', '200')
    await expect(replace.getByLabel('Content', { exact: true })).toHaveAttribute(
      'maxlength',
      '100000',
    )
    const patch = ui.actions.getByRole('form', { name: 'Change some fields of this article' })
    await expect(patch).toContainText('PATCH /api/v1.2/blogs/1/articles/3')
    await expect(patch).toContainText('application/merge-patch+json')
    await expect(patch.getByLabel('Title', { exact: true })).not.toHaveAttribute('required')
    await expect(ui.actions.getByRole('form', { name: 'Delete this article' })).toContainText(
      'DELETE /api/v1.2/blogs/1/articles/3',
    )
  })

  test('the createArticle form of a blog posts to its collection and opens the new article', async ({
    page,
    request,
  }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1')
    await ui.token.fill('dev-token')
    const create = ui.actions.getByRole('form', { name: 'Write an article' })
    await expect(create).toContainText(`POST ${MOCK_API}/blogs/1/articles`)
    await create.getByLabel('Title (required)').fill('From a template')
    await create.getByLabel('Content').fill('Its body.')
    await create.getByRole('button', { name: 'Write an article' }).click()

    await expect(ui.status).toHaveText('POST /api/v1.2/blogs/1/articles → 201 Created')
    await expect(page).toHaveURL(/#\/api\/v1\.2\/blogs\/1\/articles\/\d+$/)
    await expect(ui.document).toContainText('"title": "From a template"')
    // The new article's own templates are on screen, filled from it.
    const replace = ui.actions.getByRole('form', { name: 'Replace this article' })
    await expect(replace.getByLabel('Title (required)')).toHaveValue('From a template')
    const path = new URL(page.url()).hash.slice(1)
    const stored = await request.get(path)
    expect(await stored.json()).toMatchObject({ title: 'From a template', content: 'Its body.' })
  })

  test('the patch form sends only the field changed, with If-Match', async ({ page, request }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/4')
    await ui.token.fill('dev-token')
    const patch = ui.actions.getByRole('form', { name: 'Change some fields of this article' })
    await patch.getByLabel('Title', { exact: true }).fill('Article 4, patched')
    await patch.getByRole('button', { name: 'Change some fields of this article' }).click()

    await expect(ui.status).toHaveText('PATCH /api/v1.2/blogs/1/articles/4 → 200 OK')
    await expect(ui.document).toContainText('"title": "Article 4, patched"')
    const stored = await (await request.get(`${MOCK_API}/blogs/1/articles/4`)).json()
    expect(stored).toMatchObject({ title: 'Article 4, patched', content: 'The body of article 4.' })
    // A second patch from the refreshed form carries the new ETag, so it is not refused (412).
    await patch.getByLabel('Content', { exact: true }).fill('')
    await patch.getByRole('button', { name: 'Change some fields of this article' }).click()
    await expect(ui.status).toHaveText('PATCH /api/v1.2/blogs/1/articles/4 → 200 OK')
    expect(await (await request.get(`${MOCK_API}/blogs/1/articles/4`)).json()).not.toHaveProperty(
      'content',
    )
  })

  test('a 422 is shown beside the field it names, and the form keeps what was typed', async ({
    page,
  }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/2')
    await ui.token.fill('dev-token')
    const replace = ui.actions.getByRole('form', { name: 'Replace this article' })
    const title = replace.getByLabel('Title (required)')
    // Blanks pass the browser's checks (required, minlength), but the server trims them.
    await title.fill('   ')
    await replace.getByRole('button', { name: 'Replace this article' }).click()

    await expect(ui.status).toHaveText(
      'PUT /api/v1.2/blogs/1/articles/2 → 422 Unprocessable Content',
    )
    await expect(title).toHaveAttribute('aria-invalid', 'true')
    await expect(title).toHaveAccessibleDescription('title must not be empty')
    await expect(title).toBeFocused()
    await expect(title).toHaveValue('   ')
    await expect(replace.getByLabel('Content', { exact: true })).not.toHaveAttribute('aria-invalid')
    await expect(ui.document).toContainText('"title": "Article 2"')
  })

  test('the browser checks the constraints before anything is sent', async ({ page }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/2')
    const replace = ui.actions.getByRole('form', { name: 'Replace this article' })
    const title = replace.getByLabel('Title (required)')
    await title.fill('')
    let sent = 0
    page.on('request', (request) => {
      if (request.method() === 'PUT') sent++
    })
    await replace.getByRole('button', { name: 'Replace this article' }).click()
    expect(await title.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(
      true,
    )
    await expect(ui.status).toHaveText('GET /api/v1.2/blogs/1/articles/2 → 200 OK')
    expect(sent).toBe(0)
  })

  test('a document without templates says so', async ({ page }) => {
    const ui = explorer(page)
    await page.goto('/#/api/v1.2/blogs/1/articles/1/comments')
    await expect(ui.status).toHaveText('GET /api/v1.2/blogs/1/articles/1/comments → 200 OK')
    await expect(ui.actions).toContainText('No actions')
    await expect(ui.actions.getByRole('form')).toHaveCount(0)
  })
})
