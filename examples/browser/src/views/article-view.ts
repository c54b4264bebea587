import type { App, View } from '../app.js'
import { h, uniqueId } from '../dom.js'
import { paths } from '../router.js'
import { confirmDelete } from './delete-dialog.js'
import { renameTitle } from './rename-title.js'

/** One article: its title, its content, and the ways to rename (PATCH), edit or delete it. */
export async function articleView(app: App, id: number, signal: AbortSignal): Promise<View> {
  const { client } = app.connection
  const article = await client.article(await app.articleUri(id)).refresh({ signal })
  const { title, content } = article.data
  const headingId = uniqueId('article')
  const remove = h('button', { type: 'button', class: 'danger' }, 'Delete')
  remove.addEventListener('click', () => confirmDelete(app, article, remove))
  const paragraphs = content
    ?.split(/\n\s*\n/)
    .filter((text) => text.trim())
    .map((text) => h('p', {}, text))

  const [rename, renameForm] = renameTitle(app, article)
  const element = h(
    'article',
    { 'aria-labelledby': headingId },
    h('h2', { id: headingId, tabindex: -1 }, title),
    h('p', { class: 'meta' }, `Article ${article.data.id}`),
    ...(paragraphs?.length
      ? paragraphs
      : [h('p', { class: 'empty' }, 'This article has no content.')]),
    h(
      'div',
      { class: 'actions' },
      rename,
      h('a', { href: paths.edit(id), class: 'button' }, 'Edit'),
      remove,
    ),
    renameForm,
    h('p', {}, h('a', { href: paths.list(app.lastListPage) }, 'Back to articles')),
  )
  return { element, title }
}
