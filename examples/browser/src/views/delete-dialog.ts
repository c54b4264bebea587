import type { State } from '@halyard/sdk'
import type { Article } from '@halyard/sdk/blog'
import type { App } from '../app.js'
import { h, uniqueId } from '../dom.js'
import { explain } from '../errors.js'
import { paths } from '../router.js'
import { announce } from '../status.js'
import { accessToken, TOKEN_HINT } from '../token.js'

/** Who loses the article: on a server everyone; in the service worker each tab has its own data. */
const DELETED_FOR = {
  server: 'for everyone who uses this API',
  worker: 'in this tab only: the mock runs in this page, and other tabs keep their own data',
} as const

/**
 * Asks before deleting an article, in a modal dialog (focus stays inside, Escape cancels), with
 * the access token the delete needs. On success it goes back to the list.
 */
export function confirmDelete(app: App, article: State<Article>, opener: HTMLElement): void {
  const headingId = uniqueId('delete')
  const tokenId = uniqueId('delete-token')
  const token = h('input', {
    id: tokenId,
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    'aria-describedby': `${tokenId}-hint`,
    value: accessToken.get(),
  })
  const problem = h('div', { role: 'alert', class: 'alert', hidden: true })
  const confirm = h('button', { type: 'submit', class: 'danger' }, 'Delete article')
  const cancel = h('button', { type: 'button' }, 'Cancel')
  const dialog = h(
    'dialog',
    { 'aria-labelledby': headingId },
    h(
      'form',
      { method: 'dialog' },
      h('h2', { id: headingId }, 'Delete this article?'),
      h('p', {}, `“${article.data.title}” will be deleted ${DELETED_FOR[app.connection.mode]}.`),
      problem,
      h(
        'div',
        { class: 'field' },
        h('label', { for: tokenId }, 'Access token'),
        h('p', { id: `${tokenId}-hint`, class: 'hint' }, TOKEN_HINT),
        token,
      ),
      h('div', { class: 'actions' }, confirm, cancel),
    ),
  )

  const close = () => {
    dialog.close()
    dialog.remove()
  }
  cancel.addEventListener('click', () => {
    close()
    opener.focus()
  })
  dialog.addEventListener('cancel', () => {
    dialog.remove()
    opener.focus()
  })
  dialog.querySelector('form')?.addEventListener('submit', async (event) => {
    event.preventDefault()
    accessToken.set(token.value)
    problem.hidden = true
    confirm.disabled = true
    try {
      // With If-Match from the version shown: a change made meanwhile answers 412.
      await app.connection.client.deleteArticle(article)
    } catch (error) {
      problem.textContent = explain(error, app.connection.apiUrl).message
      problem.hidden = false
      token.focus()
      return
    } finally {
      confirm.disabled = false
    }
    close()
    app.navigate(paths.list(app.lastListPage))
    announce(`Deleted “${article.data.title}”.`)
  })
  document.body.append(dialog)
  dialog.showModal()
  token.focus()
}
