import './styles.css'
import { isNotFoundError } from '@halyard/sdk'
import { type Connection, connect } from './api.js'
import type { App, View } from './app.js'
import { h } from './dom.js'
import { explain } from './errors.js'
import { parseHash, paths, type Route } from './router.js'
import { announce, dismissStatus } from './status.js'
import { articleListView } from './views/article-list.js'
import { articleView } from './views/article-view.js'
import { editArticleView } from './views/edit-article.js'
import { newArticleView } from './views/new-article.js'

const main = document.querySelector<HTMLElement>('#main')
const apiInfo = document.querySelector<HTMLElement>('#api-info')
if (!main || !apiInfo) throw new Error('index.html lacks #main or #api-info')

/** Shows which API is in use and, on the mock, a way back to its seed data. */
function describeApi(connection: Connection, app: App): void {
  const { mode, apiUrl, reset } = connection
  const parts = [
    'API: ',
    h('code', {}, apiUrl),
    mode === 'worker'
      ? ' — the mock, in a service worker; what you change stays in this browser. '
      : ' — a server given by ?api=. ',
    reset &&
      h(
        'button',
        {
          type: 'button',
          class: 'link',
          onclick: async () => {
            await reset()
            app.navigate(paths.list())
            announce('The mock data is back to its seed.')
          },
        },
        'Reset the mock data',
      ),
  ]
  apiInfo?.replaceChildren(...parts.filter((part) => part !== undefined))
}

function render(app: App, route: Route, signal: AbortSignal): View | Promise<View> {
  switch (route.view) {
    case 'list':
      return articleListView(app, route.page, signal)
    case 'article':
      return articleView(app, route.id, signal)
    case 'edit':
      return editArticleView(app, route.id, signal)
    case 'new':
      return newArticleView(app, signal)
    case 'not-found':
      return messageView('Page not found', `Nothing lives at ${route.hash}.`)
  }
}

function messageView(heading: string, message: string): View {
  const element = h(
    'section',
    {},
    h('h2', { tabindex: -1 }, heading),
    h('p', {}, message),
    h('p', {}, h('a', { href: paths.list() }, 'Go to the articles')),
  )
  return { element, title: heading }
}

async function start(): Promise<void> {
  let connection: Connection
  try {
    connection = await connect(location)
  } catch (error) {
    main?.replaceChildren(messageView('The API is not available', String(error)).element)
    return
  }
  const { client } = connection
  const blogId = 1
  const app: App = {
    connection,
    blogId,
    // The Blog API has no template for one article: its URI is its collection's plus its id. The
    // root and the blog come from the SDK's cache after the first time.
    articleUri: async (id) => `${(await client.blog(blogId).follow('doc:articles')).uri}/${id}`,
    navigate(hash) {
      // Going where we are fires no hashchange: show the place again (fresh data) ourselves.
      if (location.hash === hash) void show(true)
      else location.hash = hash
    },
    lastListPage: 1,
  }
  describeApi(connection, app)
  client
    .blog(blogId)
    .get()
    .then((blog) => {
      document.querySelector('#blog-title')?.replaceChildren(blog.data.title)
      document.querySelector('#blog-description')?.replaceChildren(blog.data.description)
    })
    .catch(() => undefined) // the view below explains what is wrong

  let current: AbortController | undefined
  const show = async (moveFocus: boolean) => {
    current?.abort()
    const navigation = new AbortController()
    current = navigation
    main?.setAttribute('aria-busy', 'true')
    let view: View
    try {
      view = await render(app, parseHash(location.hash), navigation.signal)
    } catch (error) {
      if (navigation.signal.aborted) return
      const heading = isNotFoundError(error) ? 'Not found' : 'Something went wrong'
      view = messageView(heading, explain(error, connection.apiUrl).message)
    }
    if (navigation.signal.aborted) return
    main?.replaceChildren(view.element)
    main?.removeAttribute('aria-busy')
    document.title = `${view.title} · Halyard blog`
    // A new place: its heading gets focus, so keyboard and screen-reader users start there.
    if (moveFocus) view.element.querySelector<HTMLElement>('h2')?.focus()
  }
  window.addEventListener('hashchange', () => void show(true))
  // The next action takes the last message away (capture: before the action announces its own).
  document.addEventListener('click', dismissStatus, { capture: true })
  document.addEventListener('submit', dismissStatus, { capture: true })
  await show(false)
}

void start()
