import { type APIRequestContext, expect, type Page, test } from '@playwright/test'
import { saveScreenshot } from '../screenshots.js'

/** Where the example app gets its data from, and how a test works behind its back. */
export interface AppTarget {
  readonly name: string
  /** The app's address at a place, e.g. `#/articles?page=2`. */
  readonly url: (hash?: string) => string
  /** Restores the seed before each test (the worker starts from it in every new context). */
  readonly reset?: (request: APIRequestContext) => Promise<void>
  /** Replaces an article's title as another client would, so the app's copy becomes stale. */
  readonly changeArticle: (
    fixtures: Fixtures,
    article: { id: number; title: string },
  ) => Promise<void>
  /** Reads a document as the app's SDK does (HAL-FORMS), e.g. `blogs/1`, from the app's API. */
  readonly readDocument: (fixtures: Fixtures, path: string) => Promise<FormsDocument>
  /**
   * Serves `document` to the app in place of the API's at `path` (from the next load). Absent
   * where the page's requests never reach Playwright's routing (a service worker answers them).
   */
  readonly serveDocument?: (
    fixtures: Fixtures,
    path: string,
    document: FormsDocument,
  ) => Promise<void>
  /** How the delete dialog says who loses the article: everyone on a server, one tab on the worker. */
  readonly deletedFor: string
  /** Saves the README's screenshots on this target's run (with `UPDATE_SCREENSHOTS=1`). */
  readonly screenshots?: boolean
}

/** A HAL-FORMS property, as the API sends it. */
export interface FormsProperty {
  name: string
  prompt?: string
  type?: string
  required?: boolean
  minLength?: number
  maxLength?: number
  options?: { inline: string[] }
}

/** A HAL-FORMS document: its templates, and the rest as it is. */
export interface FormsDocument {
  [member: string]: unknown
  _templates: Record<string, { method: string; properties: FormsProperty[] }>
}

export interface Fixtures {
  readonly page: Page
  readonly request: APIRequestContext
}

/** A flow through the app, written once and run against every target. */
export type Flow = (fixtures: Fixtures, target: AppTarget) => Promise<void>

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 2, name, exact: true })

/**
 * Opens the app and waits until its first view is shown (`<main>` no longer `aria-busy`). A cold
 * start on Vite's dev server loads ~100 modules and registers the service worker: allow it time.
 */
export async function openApp(page: Page, url: string): Promise<void> {
  await page.goto(url)
  await appShown(page)
}

/** Reloads the page, and waits as {@link openApp} does. */
export async function reloadApp(page: Page): Promise<void> {
  await page.reload()
  await appShown(page)
}

const appShown = (page: Page) =>
  expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true', { timeout: 30_000 })

async function openArticles(page: Page, target: AppTarget, pageIndex = 1) {
  await openApp(page, target.url(`#/articles?page=${pageIndex}`))
  await expect(page.getByText(`Page ${pageIndex} of`)).toBeVisible()
}

/** Fills the article form; `token` left out keeps the field as it is. */
async function fillArticle(
  page: Page,
  values: { title?: string; content?: string; token?: string },
) {
  if (values.title !== undefined) await page.getByLabel('Title', { exact: true }).fill(values.title)
  if (values.content !== undefined) await page.getByLabel('Content').fill(values.content)
  if (values.token !== undefined) await page.getByLabel('Access token').fill(values.token)
}

/** The writes (anything but GET, HEAD and OPTIONS) the page sends to the API, as they are sent. */
function recordWrites(page: Page) {
  const writes: { method: string; path: string; type: string | undefined }[] = []
  page.on('request', (request) => {
    const method = request.method()
    const url = new URL(request.url())
    if (['GET', 'HEAD', 'OPTIONS'].includes(method) || !url.pathname.includes('/api/')) return
    writes.push({
      method,
      path: url.pathname.replace(/^.*\/api\/v1\.2\//, ''),
      type: request.headers()['content-type'],
    })
  })
  return writes
}

const pager = (page: Page) => ({
  first: page.getByRole('button', { name: 'First page' }),
  previous: page.getByRole('button', { name: 'Previous page' }),
  next: page.getByRole('button', { name: 'Next page' }),
  last: page.getByRole('button', { name: 'Last page' }),
})

export const pagesThroughEveryPage: Flow = async ({ page }, target) => {
  await openArticles(page, target)
  const buttons = pager(page)
  await expect(page.getByText('Page 1 of 5 · 42 articles')).toBeVisible()
  await expect(buttons.first).toBeDisabled()
  await expect(buttons.previous).toBeDisabled()
  if (target.screenshots) await saveScreenshot(page, 'app.png')

  for (let pageIndex = 2; pageIndex <= 5; pageIndex++) {
    await buttons.next.click()
    await expect(page.getByText(`Page ${pageIndex} of 5`)).toBeVisible()
    await expect(heading(page, 'Articles')).toBeFocused()
    const first = (pageIndex - 1) * 10 + 1
    await expect(page.getByRole('link', { name: `Article ${first}`, exact: true })).toBeVisible()
  }
  // 42 articles: the last page holds the last two.
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('listitem')).toHaveText([
    'Article 41',
    'Article 42',
  ])
  await expect(buttons.next).toBeDisabled()
  await expect(buttons.last).toBeDisabled()

  await buttons.previous.click()
  await expect(page.getByText('Page 4 of 5')).toBeVisible()
  await buttons.first.click()
  await expect(page.getByText('Page 1 of 5')).toBeVisible()
  await buttons.last.click()
  await expect(page.getByText('Page 5 of 5')).toBeVisible()
  // Each page has its own address: back returns to the previous one.
  await page.goBack()
  await expect(page.getByText('Page 1 of 5')).toBeVisible()
}

export const createsAnArticle: Flow = async ({ page }, target) => {
  await openArticles(page, target)
  await page.getByRole('link', { name: 'New article' }).click()
  await expect(heading(page, 'New article')).toBeFocused()
  await fillArticle(page, {
    title: 'Hello from the app',
    content: 'Written in a browser.',
    token: 'dev-token',
  })
  await page.getByRole('button', { name: 'Create article' }).click()
  await expect(heading(page, 'Hello from the app')).toBeVisible()
  await expect(page.getByText('Written in a browser.')).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Created “Hello from the app”.')

  await openArticles(page, target, 5)
  await expect(page.getByText('Page 5 of 5 · 43 articles')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Hello from the app' })).toBeVisible()
}

export const editsAnArticle: Flow = async ({ page }, target) => {
  await openApp(page, target.url('#/articles/3'))
  await expect(heading(page, 'Article 3')).toBeVisible()
  await page.getByRole('link', { name: 'Edit' }).click()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Article 3')
  await expect(page.getByLabel('Content')).toHaveValue('The body of article 3.')
  await fillArticle(page, { title: 'Article 3, revised', token: 'dev-token' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(heading(page, 'Article 3, revised')).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Saved “Article 3, revised”.')
  await reloadApp(page)
  await expect(heading(page, 'Article 3, revised')).toBeVisible()
}

export const offersTheLatestVersionOnConflict: Flow = async (fixtures, target) => {
  const { page } = fixtures
  await openApp(page, target.url('#/articles/5/edit'))
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Article 5')
  await fillArticle(page, { title: 'My title', token: 'dev-token' })
  await target.changeArticle(fixtures, { id: 5, title: 'Their title' })
  await page.getByRole('button', { name: 'Save changes' }).click()

  await expect(page.getByRole('alert')).toContainText('Someone changed this article')
  await expect(page.getByRole('alert')).toContainText('412')
  const reload = page.getByRole('button', { name: 'Load the latest version' })
  await expect(reload).toBeFocused()
  await reload.click()
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Their title')
  await expect(page.getByRole('alert')).toHaveCount(0)

  await fillArticle(page, { title: 'Their title, and mine' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(heading(page, 'Their title, and mine')).toBeVisible()
}

export const showsValidationErrorsBesideTheirFields: Flow = async ({ page }, target) => {
  const writes = recordWrites(page)
  await openApp(page, target.url('#/articles/2/edit'))
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Article 2')
  // Three spaces meet the template's minLength 1: only the server (which trims) refuses them.
  await fillArticle(page, { title: '   ', token: 'dev-token' })
  await page.getByRole('button', { name: 'Save changes' }).click()

  const title = page.getByLabel('Title', { exact: true })
  await expect(page.getByRole('alert')).toContainText('The article was not saved')
  await expect(title).toHaveAttribute('aria-invalid', 'true')
  await expect(title).toHaveAccessibleDescription('title must not be empty')
  await expect(title).toBeFocused()
  expect(writes.map(({ method, path }) => `${method} ${path}`)).toEqual(['PUT blogs/1/articles/2'])
  // The other fields were fine: they are not marked, and the token keeps its hint.
  await expect(page.getByLabel('Content')).not.toHaveAttribute('aria-invalid')
  await expect(page.getByLabel('Access token')).not.toHaveAttribute('aria-invalid')
  if (target.screenshots) await saveScreenshot(page, 'app-validation.png')

  await fillArticle(page, { title: 'Article 2, valid again', content: 'Short.' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(heading(page, 'Article 2, valid again')).toBeVisible()
}

export const checksTheTemplateBeforeSending: Flow = async ({ page }, target) => {
  const writes = recordWrites(page)
  await openApp(page, target.url('#/articles/2/edit'))
  const title = page.getByLabel('Title', { exact: true })
  await expect(title).toHaveValue('Article 2')
  await fillArticle(page, { title: '', token: 'dev-token' })
  await page.getByRole('button', { name: 'Save changes' }).click()

  await expect(page.getByRole('alert')).toContainText('The article was not saved')
  await expect(title).toHaveAttribute('aria-invalid', 'true')
  await expect(title).toHaveAccessibleDescription('title is required')
  await expect(title).toBeFocused()
  await expect(page.getByLabel('Content')).not.toHaveAttribute('aria-invalid')
  // The template's `required` caught it: nothing was sent.
  expect(writes).toEqual([])

  await fillArticle(page, { title: 'Article 2, checked' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(heading(page, 'Article 2, checked')).toBeVisible()
  expect(writes.map(({ method, path }) => `${method} ${path}`)).toEqual(['PUT blogs/1/articles/2'])
}

/** The blog's `createArticle` template, changed as a new version of the API might change it. */
const changedCreateTemplate = (blog: FormsDocument): FormsDocument => ({
  ...blog,
  _templates: {
    createArticle: {
      ...(blog._templates.createArticle ?? { method: 'POST' }),
      properties: [
        {
          name: 'title',
          prompt: 'Headline',
          type: 'text',
          required: true,
          minLength: 5,
          maxLength: 80,
        },
        { name: 'content', prompt: 'Body', type: 'textarea' },
        {
          name: 'section',
          prompt: 'Section',
          required: true,
          options: { inline: ['News', 'Guides'] },
        },
      ],
    },
  },
})

export const buildsTheFormFromTheTemplate: Flow = async (fixtures, target) => {
  const { page } = fixtures
  const writes = recordWrites(page)
  await openApp(page, target.url('#/new'))
  let blog = await target.readDocument(fixtures, 'blogs/1')
  if (target.serveDocument) {
    blog = changedCreateTemplate(blog)
    await target.serveDocument(fixtures, 'blogs/1', blog)
  }
  // A fresh load: the app reads the blog, and its template, again.
  await reloadApp(page)
  await expect(heading(page, 'New article')).toBeVisible()

  const properties = blog._templates.createArticle?.properties ?? []
  expect(properties.length).toBeGreaterThan(0)
  const form = page.locator('form')
  await expect(form.locator('label')).toHaveText([
    ...properties.map((property) => property.prompt ?? property.name),
    'Access token',
  ])
  for (const property of properties) {
    const control = form.getByLabel(property.prompt ?? property.name, { exact: true })
    const expectAttribute = async (name: string, value: string | number | boolean | undefined) => {
      if (value === undefined || value === false) await expect(control).not.toHaveAttribute(name)
      else await expect(control).toHaveAttribute(name, String(value === true ? '' : value))
    }
    await expectAttribute('required', property.required ?? false)
    await expectAttribute('minlength', property.minLength)
    await expectAttribute('maxlength', property.maxLength)
    if (property.options) {
      await expect(control).toHaveJSProperty('tagName', 'SELECT')
      await expect(control.locator('option')).toHaveText(property.options.inline)
    }
  }

  // Submitting goes by the template: its constraints first (no request), then its method.
  const [title] = properties
  if (!title) throw new Error('the template has no properties')
  const titleField = form.getByLabel(title.prompt ?? title.name, { exact: true })
  const minLength = title.minLength ?? 1
  await titleField.fill('x'.repeat(minLength - 1))
  await page.getByLabel('Access token').fill('dev-token')
  await page.getByRole('button', { name: 'Create article' }).click()
  await expect(titleField).toHaveAttribute('aria-invalid', 'true')
  await expect(titleField).toHaveAccessibleDescription(
    minLength > 1 ? `title must be at least ${minLength} characters` : 'title is required',
  )
  expect(writes).toEqual([])

  await titleField.fill('Made from the template')
  if (properties.some((property) => property.name === 'section')) {
    // The server knows no `section`: its 422 names the field, and the form shows it there.
    const section = form.getByLabel('Section')
    await section.selectOption('Guides')
    await page.getByRole('button', { name: 'Create article' }).click()
    await expect(section).toHaveAttribute('aria-invalid', 'true')
    await expect(section).toHaveAccessibleDescription('section is not a member of this resource')
    await expect(titleField).not.toHaveAttribute('aria-invalid')
  } else {
    await page.getByRole('button', { name: 'Create article' }).click()
    await expect(heading(page, 'Made from the template')).toBeVisible()
  }
  expect(writes.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST blogs/1/articles'])
}

export const renamesWithAPatch: Flow = async (fixtures, target) => {
  const { page } = fixtures
  const writes = recordWrites(page)
  await openApp(page, target.url('#/articles/4'))
  await expect(heading(page, 'Article 4')).toBeVisible()
  const rename = page.getByRole('button', { name: 'Rename' })
  const form = page.getByRole('form', { name: 'Rename article' })
  await expect(rename).toHaveAttribute('aria-expanded', 'false')
  await expect(form).toBeHidden()
  // From the keyboard: Enter opens it on the title, Escape closes it and returns to the button.
  await rename.focus()
  await page.keyboard.press('Enter')
  const title = form.getByLabel('Title', { exact: true })
  await expect(title).toBeFocused()
  await expect(title).toHaveValue('Article 4')
  await expect(rename).toHaveAttribute('aria-expanded', 'true')
  await page.keyboard.press('Escape')
  await expect(form).toBeHidden()
  await expect(rename).toBeFocused()

  await rename.click()
  await title.fill('Article 4, renamed')
  await form.getByLabel('Access token').fill('dev-token')
  await form.getByRole('button', { name: 'Save title' }).click()
  await expect(heading(page, 'Article 4, renamed')).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('Renamed to “Article 4, renamed”.')
  expect(writes).toEqual([
    {
      method: 'PATCH',
      path: 'blogs/1/articles/4',
      type: 'application/merge-patch+json',
    },
  ])
  // Only the title changed: the content a PUT of the title alone would have removed is still there.
  const article = await target.readDocument(fixtures, 'blogs/1/articles/4')
  expect(article).toMatchObject({ title: 'Article 4, renamed', content: 'The body of article 4.' })
  await reloadApp(page)
  await expect(heading(page, 'Article 4, renamed')).toBeVisible()
  await expect(page.getByText('The body of article 4.')).toBeVisible()
}

export const deletesAnArticle: Flow = async ({ page }, target) => {
  await openApp(page, target.url('#/articles/7'))
  const remove = page.getByRole('button', { name: 'Delete', exact: true })
  await remove.click()
  const dialog = page.getByRole('dialog', { name: 'Delete this article?' })
  await expect(dialog).toContainText(`“Article 7” will be deleted ${target.deletedFor}.`)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(remove).toBeFocused()

  await remove.click()
  await dialog.getByLabel('Access token').fill('dev-token')
  await dialog.getByRole('button', { name: 'Delete article' }).click()
  await expect(page.getByRole('status')).toHaveText('Deleted “Article 7”.')
  await expect(page.getByText('Page 1 of 5 · 41 articles')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Article 7', exact: true })).toHaveCount(0)
  await openApp(page, target.url('#/articles/7'))
  await expect(heading(page, 'Not found')).toBeVisible()
  await expect(page.getByText('There is no such article (404)')).toBeVisible()
}

export const leadsBackFromAPagePastTheEnd: Flow = async ({ page }, target) => {
  await openApp(page, target.url('#/articles?page=99'))
  await expect(page.getByText('No page 99 · 42 articles in 5 pages')).toBeVisible()
  await expect(page.getByText('There is no page 99: the articles end on page 5.')).toBeVisible()
  await expect(page.getByText('Page 99 of')).toHaveCount(0)
  const buttons = pager(page)
  await expect(buttons.next).toBeDisabled()
  await buttons.previous.click()
  await expect(page.getByText('Page 5 of 5 · 42 articles')).toBeVisible()

  await page.goBack()
  await expect(page.getByText('No page 99 · 42 articles in 5 pages')).toBeVisible()
  await page.getByRole('link', { name: 'Go to the last page (5)' }).click()
  await expect(page.getByText('Page 5 of 5 · 42 articles')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Articles' }).getByRole('listitem')).toHaveText([
    'Article 41',
    'Article 42',
  ])
}

export const dismissesTheStatusMessage: Flow = async ({ page }, target) => {
  // Time flows as usual; fastForward jumps it ahead instead of waiting.
  await page.clock.install()
  await openApp(page, target.url('#/articles/3/edit'))
  await fillArticle(page, { title: 'Article 3, once', token: 'dev-token' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  const status = page.getByRole('status')
  await expect(status).toHaveText('Saved “Article 3, once”.')
  // Past the message's 6 s, short of the SDK's 10 s timeout: a request still in flight on a busy
  // machine must not time out under the jump.
  await page.clock.fastForward('00:07')
  await expect(status).toBeEmpty()

  // The next action takes it away too, before its time is up.
  await page.getByRole('link', { name: 'Edit' }).click()
  await fillArticle(page, { title: 'Article 3, twice' })
  await page.getByRole('button', { name: 'Save changes' }).click()
  await expect(status).toHaveText('Saved “Article 3, twice”.')
  await page.getByRole('link', { name: 'Back to articles' }).click()
  await expect(status).toBeEmpty()
  await expect(heading(page, 'Articles')).toBeVisible()
}

export const explainsAMissingOrRefusedToken: Flow = async ({ page }, target) => {
  await openApp(page, target.url('#/new'))
  const token = page.getByLabel('Access token')
  await expect(token).toHaveValue('')
  await expect(token).toHaveAccessibleDescription(/dev-token/)
  await fillArticle(page, { title: 'No token' })
  await page.getByRole('button', { name: 'Create article' }).click()
  await expect(page.getByRole('alert')).toContainText('refused the access token')
  await expect(token).toHaveAttribute('aria-invalid', 'true')
  await expect(token).toHaveAccessibleDescription(/\(401\): the token is missing or unknown/)
  await expect(token).toBeFocused()

  await token.fill('reader-token')
  await page.getByRole('button', { name: 'Create article' }).click()
  await expect(token).toHaveAccessibleDescription(/may not write to this blog \(403\)/)

  await token.fill('dev-token')
  await page.getByRole('button', { name: 'Create article' }).click()
  await expect(heading(page, 'No token')).toBeVisible()
}

export const keepsDataAcrossAReload: Flow = async ({ page }, target) => {
  await openApp(page, target.url('#/new'))
  await fillArticle(page, { title: 'Still here after a reload', token: 'dev-token' })
  await page.getByRole('button', { name: 'Create article' }).click()
  await expect(heading(page, 'Still here after a reload')).toBeVisible()
  await reloadApp(page)
  await expect(heading(page, 'Still here after a reload')).toBeVisible()
  // The saved data replaced the seed rather than joining it: 43 articles, not 85.
  await openArticles(page, target, 5)
  await expect(page.getByText('Page 5 of 5 · 43 articles')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Still here after a reload' })).toBeVisible()
}

export const renameOffersTheLatestVersionOnConflict: Flow = async (fixtures, target) => {
  const { page } = fixtures
  await openApp(page, target.url('#/articles/6'))
  await page.getByRole('button', { name: 'Rename' }).click()
  const form = page.getByRole('form', { name: 'Rename article' })
  await form.getByLabel('Title', { exact: true }).fill('My title')
  await form.getByLabel('Access token').fill('dev-token')
  await target.changeArticle(fixtures, { id: 6, title: 'Their title' })
  await form.getByRole('button', { name: 'Save title' }).click()

  await expect(form.getByRole('alert')).toContainText('Someone changed this article')
  await expect(form.getByRole('alert')).toContainText('412')
  const reload = form.getByRole('button', { name: 'Load the latest version' })
  await expect(reload).toBeFocused()
  await reload.click()
  await expect(heading(page, 'Their title')).toBeVisible()
}

/** Every flow, by the title of its test. */
export const flows: Record<string, Flow> = {
  'pages through every page with first, previous, next and last': pagesThroughEveryPage,
  'creates an article': createsAnArticle,
  'edits an article': editsAnArticle,
  'offers the latest version when a save meets 412': offersTheLatestVersionOnConflict,
  'shows a 422’s messages beside the fields they name': showsValidationErrorsBesideTheirFields,
  'checks a form against its template before sending anything': checksTheTemplateBeforeSending,
  'builds the create form from the API’s template': buildsTheFormFromTheTemplate,
  'renames an article with a PATCH of its title alone': renamesWithAPatch,
  'offers the latest version when a rename meets 412': renameOffersTheLatestVersionOnConflict,
  'deletes an article after confirmation': deletesAnArticle,
  'says a page past the end does not exist and leads back to the last page':
    leadsBackFromAPagePastTheEnd,
  'dismisses its status message after a few seconds and at the next action':
    dismissesTheStatusMessage,
  'explains a missing (401) or refused (403) token': explainsAMissingOrRefusedToken,
  'keeps created articles across a reload': keepsDataAcrossAReload,
}

/**
 * Registers every flow as a test against `target`, Hono style: the same scenarios for the mock
 * in a service worker and for a real server.
 */
export function describeApp(target: AppTarget): void {
  test.describe(`example app on ${target.name}`, () => {
    if (target.reset) {
      const reset = target.reset
      test.beforeEach(({ request }) => reset(request))
    }
    for (const [title, flow] of Object.entries(flows)) {
      test(title, ({ page, request }) => flow({ page, request }, target))
    }
  })
}
