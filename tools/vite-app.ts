/**
 * A frontend team's app as the guides teach it, written into the packed project by
 * `tools/packages.test.ts`: Vite and React on `@halyard/query`, a paged list and a create form, its
 * worker started in `main.tsx` in development (docs/guide/mock-in-browser.md), and Playwright specs
 * on `testWithHalApi` with nothing about service workers in the config. Its files by path, for a
 * folder of their own (its tsconfig.json is the app's) inside the project holding the packages.
 */

const API = `import { defineCollection, defineHalApi } from '@halyard/mock'
import { z } from 'zod'

export default defineHalApi({
  basePath: '/api',
  tokens: ['dev-token'],
  collections: {
    notes: defineCollection({
      schema: z.strictObject({ text: z.string().min(1) }),
      seed: [{ text: 'Hello' }, { text: 'World' }],
    }),
  },
})
`

const MAIN = `import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app.js'

// The mock only in development, loaded before the app's first request.
if (import.meta.env.DEV) {
  const { setupHalWorker } = await import('@halyard/mock/browser')
  const { default: api } = await import('./api.js')
  await setupHalWorker(api).worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
}

const root = document.querySelector('#root')
if (!root) throw new Error('index.html lacks #root')
createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={new QueryClient()}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
)
`

const APP = `import { halInfiniteQueryOptions, halMutationOptions } from '@halyard/query'
import { createClient } from '@halyard/sdk'
import { useInfiniteQuery, useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import type { ClientTypes } from '@halyard/mock'
import type api from './api.js'

type Api = ClientTypes<typeof api>
const client = createClient({ baseUrl: '/api', auth: { bearer: 'dev-token' } })
const list = client.go<Api['root']>().follow('notes', { size: 2 })
const notes = client.go<Api['pages']['notes']>('notes')

export function App() {
  const pages = useInfiniteQuery(halInfiniteQueryOptions(list))
  const create = useMutation(halMutationOptions(notes, 'post'))
  const [text, setText] = useState('')
  if (pages.error) return <p role="alert">{pages.error.message}</p>
  const items = pages.data?.pages.flatMap((page) => page.embedded('notes')) ?? []
  return (
    <main>
      <ul>
        {items.map((note) => (
          <li key={note.uri}>{note.data.text}</li>
        ))}
      </ul>
      {pages.hasNextPage && (
        <button type="button" onClick={() => pages.fetchNextPage()}>
          More
        </button>
      )}
      <form
        onSubmit={(event) => {
          event.preventDefault()
          create.mutate({ text })
        }}
      >
        <input aria-label="Text" value={text} onChange={(event) => setText(event.target.value)} />
        <button type="submit">Add</button>
      </form>
    </main>
  )
}
`

const SPEC = `import { expect, testWithHalApi } from '@halyard/mock/playwright'
import { test as plain } from '@playwright/test'
import { HttpResponse, http } from 'msw'
import api from '../src/api.js'

const test = testWithHalApi(api)
const registrations = () => navigator.serviceWorker.getRegistrations().then((all) => all.length)

test('the app that starts its own worker is answered by the fixture', async ({ page, halApi }) => {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()))
  await page.goto('/')
  await expect(page.getByRole('listitem')).toHaveText(['Hello', 'World'])
  await page.getByLabel('Text').fill('Written')
  await page.getByRole('button', { name: 'Add' }).click()
  await page.getByRole('button', { name: 'More' }).click()
  await expect(page.getByRole('listitem')).toHaveText(['Hello', 'World', 'Written'])
  const post = halApi.requests().find((request) => request.method === 'POST')
  expect(post?.headers.authorization).toBe('Bearer dev-token')
  expect(await page.evaluate(registrations)).toBe(0)
  expect(errors).toEqual([])
})

test('an outage set by the test shows', async ({ page, halApi }) => {
  halApi.use(http.get('*/api/notes', () => HttpResponse.json({}, { status: 503 })))
  await page.goto('/')
  await expect(page.getByRole('alert')).toBeVisible()
})

plain('in development, the same app is answered by its worker', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('listitem')).toHaveText(['Hello', 'World'])
  expect(await page.evaluate(registrations)).toBe(1)
})
`

/** The Playwright config: the dev server as a webServer, and nothing about service workers. */
const config = (
  port: number,
  launchOptions: object,
) => `import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: 'tests',
  outputDir: 'results',
  workers: 1,
  retries: 0,
  reporter: 'line',
  use: { baseURL: 'http://127.0.0.1:${port}', launchOptions: ${JSON.stringify(launchOptions)} },
  webServer: {
    command: 'npx vite --port ${port} --strictPort --host 127.0.0.1',
    url: 'http://127.0.0.1:${port}/',
    reuseExistingServer: false,
    timeout: 60_000,
  },
})
`

/**
 * The app's files by path, its dev server on `port`, driven in the Chromium of `launchOptions`.
 *
 * @example
 * for (const [path, text] of Object.entries(viteApp(5173, {}))) await writeFile(join(dir, path), text)
 */
export function viteApp(port: number, launchOptions: object): Record<string, string> {
  return {
    'index.html':
      '<!doctype html>\n<html><body><div id="root"></div><script type="module" src="/src/main.tsx"></script></body></html>\n',
    'vite.config.ts':
      "import { msw } from 'msw/vite'\nimport { defineConfig } from 'vite'\n\nexport default defineConfig({ plugins: [msw({ mode: 'worker-only' })] })\n",
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        jsx: 'react-jsx',
        module: 'esnext',
        moduleResolution: 'bundler',
        target: 'es2022',
      },
    }),
    'src/api.ts': API,
    'src/main.tsx': MAIN,
    'src/app.tsx': APP,
    'tests/app.spec.ts': SPEC,
    'playwright.config.ts': config(port, launchOptions),
  }
}
