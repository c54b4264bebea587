import type { CollectionModel } from '../../model/types.js'
import type { Exchange } from '../../remote/client.js'
import { isObject, type Json, sameUrl } from '../documents.js'
import { HAL_FORMS, type VerifyRun } from '../run.js'
import { checkMediaType } from './negotiation.js'

/** HAL-FORMS templates: the writes the definition allows, with the schema's members. */
export async function checkForms(
  run: VerifyRun,
  c: CollectionModel,
  read: Exchange,
  kind: 'page' | 'item',
): Promise<void> {
  if (!run.promises('forms')) return
  const forms = await run.get(read.url, HAL_FORMS)
  if (!c.offersForms) {
    const templates = isObject(forms.json) ? forms.json._templates : undefined
    const writes = Object.values(isObject(templates) ? templates : {}).filter(
      (t) =>
        isObject(t) &&
        ['PUT', 'PATCH', 'DELETE'].includes(String(t.method).toUpperCase()) &&
        (t.target === undefined || sameUrl(String(t.target), read.url)),
    )
    run.expect(
      c.name,
      'forms',
      writes.length === 0,
      `A read-only ${c.noun} offers a template to write it.`,
      forms,
    )
    return
  }
  if (
    !run.expect(
      c.name,
      'forms',
      forms.status === 200,
      `Accept: ${HAL_FORMS} answers ${forms.status}.`,
      forms,
    )
  )
    return
  checkMediaType(run, c.name, forms, HAL_FORMS)
  const templates =
    isObject(forms.json) && isObject(forms.json._templates) ? forms.json._templates : {}
  // The model's templates, found by method: a server names its templates as it likes.
  const { create, replace, update, delete: remove } = c.templates
  const expected = kind === 'page' ? [create] : [replace, update, remove]
  const inputProperties = Object.keys((c.jsonSchema.input.properties as Json | undefined) ?? {})
  for (const { method, properties } of expected) {
    const template = Object.values(templates).find(
      (t) => isObject(t) && String(t.method).toUpperCase() === method,
    ) as Json | undefined
    if (
      !run.expect(
        c.name,
        'forms',
        template !== undefined,
        `The ${c.noun} ${kind} at ${read.url} has no HAL-FORMS template with method ${method}.`,
        forms,
      )
    )
      continue
    if (method === 'DELETE' || method === 'PATCH' || inputProperties.length === 0) continue
    const names = (Array.isArray(template?.properties) ? template.properties : [])
      .filter(isObject)
      .map((p) => String(p.name))
    const unknown = names.filter((n) => !inputProperties.includes(n))
    const missing = properties
      .filter((p) => p.required && !names.includes(p.name))
      .map((p) => p.name)
    run.expect(
      c.name,
      'forms',
      unknown.length === 0 && missing.length === 0,
      `The ${method} template's properties ${unknown.length > 0 ? `name ${unknown.join(', ')}, which the schema does not` : `lack ${missing.join(', ')}`}.`,
      forms,
    )
  }
}
