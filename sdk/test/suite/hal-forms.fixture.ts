import { HttpResponse, http } from 'msw'

/**
 * docs/api.md, HTTP semantics's HAL-FORMS templates and Writes's PATCH, as route overrides in front of any Blog mock:
 * the suite's actions and patch cases run on them wherever the target has `use`, whether or not the
 * mock serves templates itself. Each override asks the mock underneath (a request marked with
 * {@link UNDERNEATH}, which the overrides let through) and adds only what HAL-FORMS adds.
 */
const UNDERNEATH = 'x-sdk-fixture'

const properties = (required: boolean) => [
  { name: 'title', prompt: 'Title', required, minLength: 1, maxLength: 200 },
  { name: 'content', prompt: 'Content', type: 'textarea', maxLength: 100_000 },
]

const articleTemplates = () => ({
  default: { method: 'PUT', properties: properties(true) },
  patch: {
    method: 'PATCH',
    contentType: 'application/merge-patch+json',
    properties: properties(false),
  },
  delete: { method: 'DELETE', properties: [] },
})

const createArticle = (collection: string) => ({
  createArticle: { method: 'POST', target: collection, properties: properties(true) },
})

/** A request to the mock underneath, with the headers of `request` that matter to it. */
function underneath(request: Request, init: { method?: string; body?: unknown } = {}) {
  const headers = new Headers({ [UNDERNEATH]: '1', accept: 'application/hal+json' })
  for (const name of ['x-access-token', 'if-match', 'if-unmodified-since', 'if-none-match'])
    if (request.headers.has(name)) headers.set(name, request.headers.get(name) ?? '')
  if (init.body !== undefined) headers.set('content-type', 'application/json')
  return fetch(request.url, {
    method: init.method ?? 'GET',
    headers,
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  })
}

/**
 * The mock's answer to `request`, plus `_templates` when it is a 200 to a HAL-FORMS client. Always
 * a new response: a browser's service worker cannot pass on one that `fetch` gave (a 304 fails).
 */
async function decorate(request: Request, plain: Response, templates: (url: URL) => object) {
  const headers = new Headers()
  for (const name of ['content-type', 'etag', 'last-modified', 'cache-control', 'vary', 'location'])
    if (plain.headers.has(name)) headers.set(name, plain.headers.get(name) ?? '')
  const forms = plain.status === 200 && request.headers.get('accept')?.includes('hal-forms')
  if (!forms)
    return new Response([204, 304].includes(plain.status) ? null : await plain.text(), {
      status: plain.status,
      headers,
    })
  headers.set('content-type', 'application/prs.hal-forms+json')
  const body = (await plain.json()) as object
  return HttpResponse.json({ ...body, _templates: templates(new URL(request.url)) }, { headers })
}

/** GET `path` answered with `_templates` when the client asks for HAL-FORMS. */
const withTemplates = (path: string, templates: (url: URL) => object) =>
  http.get(`*/api/v1.2${path}`, async ({ request }) => {
    if (request.headers.has(UNDERNEATH)) return undefined
    return decorate(request, await underneath(request), templates)
  })

type Edit = { title?: unknown; content?: unknown }
type Operation = { op?: string; path?: string; value?: unknown }

/** Applies a patch to the article's editable members; a problem's status when it cannot. */
function applyPatch(type: string | null, patch: unknown, article: Edit): number | undefined {
  if (type === 'application/merge-patch+json') {
    for (const [key, value] of Object.entries(patch as Edit))
      if (key === 'title' || key === 'content')
        if (value === null) delete article[key]
        else article[key] = value
    return undefined
  }
  if (type !== 'application/json-patch+json') return 415
  if (!Array.isArray(patch)) return 400
  for (const { op, path, value } of patch as Operation[]) {
    const key = path?.slice(1)
    if (key !== 'title' && key !== 'content') return 422
    if (op === 'test' && article[key] !== value) return 409
    if (op === 'remove') delete article[key]
    if (op === 'add' || op === 'replace') article[key] = value
  }
  return undefined
}

/** The overrides: templates on an article, a blog and an article page, and PATCH on an article. */
export const halFormsFixture = () => [
  withTemplates('/blogs/:blogId/articles/:articleId', articleTemplates),
  withTemplates('/blogs/:blogId', (url) => createArticle(`${url.href}/articles`)),
  withTemplates('/blogs/:blogId/articles', (url) => createArticle(url.href.replace(/\?.*/, ''))),
  http.patch('*/api/v1.2/blogs/:blogId/articles/:articleId', async ({ request }) => {
    const current = await underneath(request)
    if (current.status !== 200) return decorate(request, current, articleTemplates)
    const { title, content } = (await current.json()) as Edit
    const article: Edit = { title, ...(content !== undefined && { content }) }
    const status = applyPatch(request.headers.get('content-type'), await request.json(), article)
    if (status)
      return HttpResponse.json(
        { status, title: 'Patch refused' },
        {
          status,
          headers: { 'content-type': 'application/problem+json' },
        },
      )
    // The mock's PUT then checks the token, If-Match and the result, as PATCH must.
    return decorate(
      request,
      await underneath(request, { method: 'PUT', body: article }),
      articleTemplates,
    )
  }),
  http.put('*/api/v1.2/blogs/:blogId/articles/:articleId', async ({ request }) => {
    if (request.headers.has(UNDERNEATH)) return undefined
    const body: unknown = await request.json().catch(() => ({}))
    return decorate(request, await underneath(request, { method: 'PUT', body }), articleTemplates)
  }),
]
