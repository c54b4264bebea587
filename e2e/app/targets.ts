import { MOCK_API, MOCK_PORT } from '../ports.js'
import type { AppTarget, FormsDocument } from './scenarios.js'

/** What the app's SDK asks for first. */
const HAL_FORMS = 'application/prs.hal-forms+json'

/** The app as it starts by default: the Blog API mock in its page's service worker, persisted. */
export const serviceWorker: AppTarget = {
  name: 'the service worker',
  url: (hash = '') => `/${hash}`,
  // A PUT from the page goes through the same worker, to the same mock instance as the app's.
  async changeArticle({ page }, { id, title }) {
    const status = await page.evaluate(
      async ({ id, title }) => {
        const response = await fetch(`/api/v1.2/blogs/1/articles/${id}`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', 'x-access-token': 'dev-token' },
          body: JSON.stringify({ title }),
        })
        return response.status
      },
      { id, title },
    )
    if (status !== 200) throw new Error(`the PUT behind the app's back answered ${status}`)
  },
  // Through the page's worker, where the app's data lives.
  readDocument: ({ page }, path) =>
    page.evaluate(
      async ({ path, accept }) => {
        const response = await fetch(`/api/v1.2/${path}`, { headers: { accept } })
        if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
        return (await response.json()) as FormsDocument
      },
      { path, accept: HAL_FORMS },
    ),
  deletedFor: 'in this tab only: the mock runs in this page, and other tabs keep their own data',
  screenshots: true,
}

const admin = `http://127.0.0.1:${MOCK_PORT}/__admin`

/** The same app pointed at the real HTTP server (`?api=`): cross-origin, through its CORS. */
export const realServer: AppTarget = {
  name: 'the real HTTP server',
  url: (hash = '') => `/?api=${encodeURIComponent(MOCK_API)}${hash}`,
  deletedFor: 'for everyone who uses this API',
  async reset(request) {
    const response = await request.post(`${admin}/reset`, { data: {} })
    if (!response.ok()) throw new Error(`${admin}/reset answered ${response.status()}`)
  },
  async readDocument({ request }, path) {
    const response = await request.get(`${MOCK_API}/${path}`, { headers: { accept: HAL_FORMS } })
    if (!response.ok()) throw new Error(`GET ${path} answered ${response.status()}`)
    return (await response.json()) as FormsDocument
  },
  // The real server's answers cross the network, where Playwright's routing can change them.
  async serveDocument({ page }, path, document) {
    await page.route(`${MOCK_API}/${path}`, async (route) => {
      if (route.request().method() !== 'GET') return route.fallback()
      const response = await route.fetch()
      await route.fulfill({ response, json: document })
    })
  },
  async changeArticle({ request }, { id, title }) {
    const response = await request.put(`${MOCK_API}/blogs/1/articles/${id}`, {
      headers: { 'x-access-token': 'dev-token' },
      data: { title },
    })
    if (response.status() !== 200) {
      throw new Error(`the PUT behind the app's back answered ${response.status()}`)
    }
  },
}
