import { isPreconditionFailedError, type State } from '@halyard/sdk'
import type { Article, ArticleInput } from '@halyard/sdk/blog'
import type { App, View } from '../app.js'
import { h, uniqueId } from '../dom.js'
import { paths } from '../router.js'
import { announce } from '../status.js'
import { templateForm } from './template-form.js'

/**
 * The form that replaces an article, built from its `default` template (PUT). The save sends `If-Match` with the version loaded here: if
 * the article changed meanwhile, the API answers 412 and the form offers to load the latest
 * version rather than overwrite someone else's change.
 */
export async function editArticleView(app: App, id: number, signal: AbortSignal): Promise<View> {
  const { client, apiUrl } = app.connection
  const resource = client.article(await app.articleUri(id))
  let loaded: State<Article> = await resource.refresh({ signal })

  const form = templateForm({
    fields: loaded.action().fields,
    values: loaded.data,
    submitLabel: 'Save changes',
    apiUrl,
    async save(values) {
      // The action of the version shown: its submit() carries that version's ETag as If-Match.
      const saved = await loaded.action().submit(values as unknown as ArticleInput)
      app.navigate(paths.article(id))
      announce(`Saved “${saved.data.title}”.`)
    },
    onError(error) {
      if (!isPreconditionFailedError(error)) return false
      const reload = h('button', { type: 'button', onclick: loadLatest }, 'Load the latest version')
      form.alert(
        h(
          'p',
          {},
          'Someone changed this article after you opened it (412), so your changes were not ' +
            'saved. Load the latest version into the form, then make your changes again.',
        ),
        reload,
      )
      reload.focus()
      return true
    },
  })

  async function loadLatest() {
    try {
      loaded = await resource.refresh()
    } catch (error) {
      form.alert(h('p', {}, `The latest version could not be loaded: ${String(error)}`))
      return
    }
    form.setValues(loaded.data)
    form.alert()
    form.focus()
    announce(`Loaded the latest version, titled “${loaded.data.title}”.`)
  }

  const headingId = uniqueId('edit')
  const element = h(
    'section',
    { 'aria-labelledby': headingId },
    h('h2', { id: headingId, tabindex: -1 }, 'Edit article'),
    form.element,
    h('p', {}, h('a', { href: paths.article(id) }, 'Back to the article')),
  )
  return { element, title: `Edit “${loaded.data.title}”` }
}
