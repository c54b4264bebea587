import { createClient } from '@halyard/sdk'

// In development only, the mock answers /api/… in a service worker, started before the app's
// first request. `import.meta.env.DEV` is `false` in a production build, so the bundler drops this
// branch and the mock's chunk with it: the production build holds no mock code.
if (import.meta.env.DEV) {
  const { worker } = await import('./mocks/browser.js')
  await worker.start({ quiet: true, onUnhandledFrame: 'bypass' })
}

// Relative to the page: the mock in development, the real API beside the app in production.
const client = createClient({ baseUrl: '/api' })

const page = await client.go('todos').get()
const list = document.querySelector('#todos')
for (const todo of page.embedded('todos')) {
  const { title, done } = todo.data
  const item = document.createElement('li')
  item.textContent = `${done === true ? '☑' : '☐'} ${String(title)}`
  list?.append(item)
}
