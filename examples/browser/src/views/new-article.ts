import type { ArticleInput } from '@halyard/sdk/blog'
import type { App, View } from '../app.js'
import { h, uniqueId } from '../dom.js'
import { paths } from '../router.js'
import { announce } from '../status.js'
import { templateForm } from './template-form.js'

/**
 * The form that creates an article in the blog, then shows it. Its fields and their constraints
 * are the blog's `createArticle` template: a change of the API's schema shows here by itself.
 */
export async function newArticleView(app: App, signal: AbortSignal): Promise<View> {
  const { client, apiUrl } = app.connection
  const blog = await client.blog(app.blogId).get({ signal })
  const create = blog.action('createArticle')
  const form = templateForm({
    fields: create.fields,
    values: {},
    submitLabel: 'Create article',
    apiUrl,
    async save(values) {
      // The names are the template's own; submit() checks the values against it before sending.
      const created = await (await create.submit(values as unknown as ArticleInput)).get()
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
