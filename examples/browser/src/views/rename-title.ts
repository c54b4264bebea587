import { isPreconditionFailedError, type State } from '@halyard/sdk'
import type { Article } from '@halyard/sdk/blog'
import type { App } from '../app.js'
import { h, uniqueId } from '../dom.js'
import { paths } from '../router.js'
import { announce } from '../status.js'
import { templateForm } from './template-form.js'

/**
 * A "Rename" button that opens a small form for the title alone, built from the article's
 * `patch` template, and saves it with PATCH (a JSON Merge Patch of the title only, `If-Match`
 * from the version shown). Escape or Cancel closes it and gives focus back to the button. Nothing
 * when the article offers no `patch` action with a title.
 *
 * @example
 * element.append(...renameTitle(app, article))
 */
export function renameTitle(app: App, article: State<Article>): HTMLElement[] {
  const title = article.hasAction('patch') && article.action('patch').field('title')
  if (!title) return []
  const formId = uniqueId('rename')
  const open = h('button', { type: 'button', 'aria-expanded': 'false', 'aria-controls': formId })
  open.textContent = 'Rename'
  const cancel = h('button', { type: 'button' }, 'Cancel')
  const form = templateForm({
    fields: [title],
    values: { title: article.data.title },
    submitLabel: 'Save title',
    label: 'Rename article',
    buttons: [cancel],
    apiUrl: app.connection.apiUrl,
    async save(values) {
      const saved = await article.action('patch').submit({ title: values.title as string })
      app.navigate(paths.article(saved.data.id))
      announce(`Renamed to “${saved.data.title}”.`)
    },
    onError(error) {
      if (!isPreconditionFailedError(error)) return false
      const reload = h(
        'button',
        { type: 'button', onclick: () => app.navigate(paths.article(article.data.id)) },
        'Load the latest version',
      )
      form.alert(
        h(
          'p',
          {},
          'Someone changed this article after you opened it (412): the title was not saved.',
        ),
        reload,
      )
      reload.focus()
      return true
    },
  })
  const panel = h('div', { id: formId, class: 'rename', hidden: true }, form.element)
  const show = (shown: boolean) => {
    panel.hidden = !shown
    open.setAttribute('aria-expanded', String(shown))
    if (shown) form.focus()
    else {
      form.alert()
      form.setValues({ title: article.data.title })
      open.focus()
    }
  }
  open.addEventListener('click', () => show(open.getAttribute('aria-expanded') !== 'true'))
  cancel.addEventListener('click', () => show(false))
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') show(false)
  })
  return [open, panel]
}
