import type { App, View } from '../app.js'
import { h, uniqueId } from '../dom.js'
import { paths } from '../router.js'
import { announce } from '../status.js'
import { articleForm } from './article-form.js'

/** The form that creates an article in the blog, then shows it. */
export function newArticleView(app: App): View {
  const { client, apiUrl } = app.connection
  const form = articleForm({
    values: { title: '' },
    submitLabel: 'Create article',
    apiUrl,
    async save(input) {
      const created = await client.createArticle(app.blogId, input)
      app.navigate(paths.article(created.data.id))
      announce(`Created “${created.data.title}”.`)
    },
  })
  const headingId = uniqueId('new')
  const element = h(
    'section',
    { 'aria-labelledby': headingId },
    h('h2', { id: headingId, tabindex: -1 }, 'New article'),
    form.element,
    h('p', {}, h('a', { href: paths.list(app.lastListPage) }, 'Back to articles')),
  )
  return { element, title: 'New article' }
}
