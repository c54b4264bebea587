import { isRelation } from '../definition/definition.js'
import { jsonSchemaOf } from '../definition/standard-schema.js'
import type { TemplateModel } from '../forms/templates.js'
import { pascal } from './operations.js'
import { renderedPageSchema } from './page-schema.js'
import type { ApiModel, CollectionModel } from './types.js'

export type Schema = Record<string, unknown>

export const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })
export const integer = { type: 'integer' }
export const string = { type: 'string' }

/** One HAL link object, or an array of them. */
const linkOrLinks = { anyOf: [ref('Link'), { type: 'array', items: ref('Link') }] }

/** The schemas every document has; a collection's type names avoid these. */
const CORE_SCHEMAS: Readonly<Record<string, Schema>> = {
  Problem: {
    type: 'object',
    required: ['type', 'title', 'status'],
    properties: {
      type: string,
      title: string,
      status: integer,
      detail: string,
      instance: string,
      errors: {
        type: 'array',
        items: { type: 'object', properties: { pointer: string, detail: string } },
      },
    },
  },
  Link: {
    type: 'object',
    required: ['href'],
    properties: { href: string, templated: { type: 'boolean' }, title: string, name: string },
  },
  Links: {
    type: 'object',
    required: ['self'],
    properties: { self: ref('Link') },
    additionalProperties: linkOrLinks,
  },
  Root: { type: 'object', required: ['_links'], properties: { _links: ref('Links') } },
  // A HAL-FORMS template; each document's `_templates` names its own (`templatesSchema`).
  Template: {
    type: 'object',
    required: ['method'],
    properties: {
      method: string,
      title: string,
      contentType: string,
      target: string,
      properties: { type: 'array', items: { type: 'object', required: ['name'] } },
    },
  },
  JsonPatch: {
    type: 'array',
    items: {
      type: 'object',
      required: ['op', 'path'],
      properties: {
        op: { enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
        path: string,
        from: string,
        value: {},
      },
    },
  },
}

/**
 * Every collection's schemas: what a record keeps (`Order`), what clients send when it is not
 * the whole record (`OrderInput`), a record as answered (`OrderResource`) and a page in the
 * collection's convention (`OrderPage`). Those no operation reaches are pruned later.
 */
export function schemasOf(
  model: ApiModel,
  type: (name: string) => string,
): Record<string, unknown> {
  const schemas: Record<string, unknown> = { ...CORE_SCHEMAS }
  for (const c of model.collections) {
    const t = type(c.name)
    const rel = c.definition.rel ?? c.name
    Object.assign(schemas, hoisted(t, c.jsonSchema.record), {
      ...hoisted(`${t}Resource`, withTemplates(resourceSchema(c, type), itemTemplates(c, model))),
      [`${t}Page`]: withTemplates(
        c.paging.standard
          ? pageSchema(rel, `${t}Resource`)
          : renderedPageSchema(c.paging, { name: c.name, rel }, ref(`${t}Resource`), ref('Link')),
        c.offersForms ? [c.templates.create] : [],
      ),
    })
    if (c.parent && !c.definition.input) parentFromUrl(schemas[t] as Schema, c, model)
    if (c.served && c.definition.input) {
      Object.assign(schemas, hoisted(`${t}Input`, c.jsonSchema.input))
    }
  }
  return schemas
}

/** The parent's id comes from the URL: a body may leave it out (or must name the same). */
function parentFromUrl(sent: Schema, c: CollectionModel, model: ApiModel): void {
  const member = c.parent?.member as string
  if (!Array.isArray(sent.required)) return
  sent.required = sent.required.filter((name) => name !== member)
  const property = (sent.properties as Record<string, Schema> | undefined)?.[member]
  if (property) {
    const noun = model.collection(c.parent?.collection as string).noun
    property.description = `The ${noun} of the URL, which the server sets: leave it out, or send the same (else 422).`
  }
}

export const FORM_URLENCODED = 'application/x-www-form-urlencoded'

/**
 * What a DELETE of a record of `name` does to the records linking it, as their links' `onDelete`
 * say (`delete-links.ts`): the same for the records nested under it.
 */
export function deleteRules(model: ApiModel, name: string): string {
  // The record and the records nested under it, at any depth: the same rule holds for them all.
  const deleted = new Set<string>()
  const visit = (c: string): void => {
    deleted.add(c)
    for (const child of model.collection(c).children) visit(child)
  }
  visit(name)
  const collections = Object.fromEntries(model.collections.map((c) => [c.name, c.definition]))
  const rules: Record<'refuse' | 'cascade' | 'unlink', string[]> = {
    refuse: [],
    cascade: [],
    unlink: [],
  }
  for (const [from, collection] of Object.entries(collections)) {
    if (deleted.has(from)) continue
    for (const [rel, link] of Object.entries(collection.links ?? {})) {
      if (isRelation(link) && deleted.has(link.to)) {
        rules[link.onDelete ?? 'refuse'].push(`${from} by ${rel}`)
      }
    }
  }
  const what = deleted.size > 1 ? 'it or a record nested under it' : 'it'
  return [
    `409 naming a record that links to ${what}${rules.refuse.length > 0 ? ` (${rules.refuse.join(', ')})` : ''}`,
    ...(rules.cascade.length > 0
      ? [`the records linking ${what} are deleted too (${rules.cascade.join(', ')})`]
      : []),
    ...(rules.unlink.length > 0
      ? [`the records linking ${what} lose that link (${rules.unlink.join(', ')})`]
      : []),
  ]
    .join('; ')
    .concat('.')
}

/**
 * A collection's records as answered: without `represent`, the `id`, the schema's output members
 * (what the store keeps) and the HAL members; with it, any object with `_links`.
 */
function resourceSchema(c: CollectionModel, type: (name: string) => string): Schema {
  const embedded: Record<string, Schema> = {}
  for (const { rel, collection } of c.embeds) {
    const target = ref(`${type(collection)}Resource`)
    embedded[rel] = { anyOf: [target, { type: 'array', items: target }] }
  }
  const hal = {
    _links: ref('Links'),
    _embedded: { type: 'object', properties: embedded },
  }
  if (c.represented) return { type: 'object', required: ['_links'], properties: hal }
  const output = jsonSchemaOf(c.schema, 'output')
  const members = (output.type === 'object' && (output.properties as Schema | undefined)) || {}
  const required = Array.isArray(output.required) ? (output.required as string[]) : []
  return {
    ...output,
    type: 'object',
    required: ['id', ...required, '_links'],
    properties: { id: { type: 'integer', minimum: 1 }, ...members, ...hal },
  }
}

/** The templates a HAL-FORMS client gets with a record: its writes, and creates in its nested lists. */
function itemTemplates(c: CollectionModel, model: ApiModel): TemplateModel[] {
  const { replace, update, delete: remove } = c.templates
  const nested = c.children
    .map((name) => model.collection(name))
    .flatMap((n) =>
      n.offersForms && n.templates.createOnParent ? [n.templates.createOnParent] : [],
    )
  return [...(c.offersForms ? [replace, update, remove] : []), ...nested]
}

/**
 * `schema` with the `_templates` a HAL-FORMS answer carries: the model's templates by key, each
 * with its method, media type and inputs, as the representations write them.
 */
function withTemplates(schema: Schema, templates: readonly TemplateModel[]): Schema {
  const properties = schema.properties as Schema | undefined
  if (templates.length === 0 || !properties) return schema
  const described = templates.map((t) => [
    t.key,
    {
      allOf: [ref('Template')],
      description: t.title,
      properties: {
        method: { const: t.method },
        ...(t.contentType && { contentType: { const: t.contentType } }),
        properties: {
          type: 'array',
          ...(t.properties.length === 0
            ? { items: { type: 'object' }, maxItems: 0 }
            : { items: { properties: { name: { enum: t.properties.map((p) => p.name) } } } }),
        },
      },
    },
  ])
  const _templates = {
    type: 'object',
    required: templates.map((t) => t.key),
    properties: Object.fromEntries(described),
  }
  return { ...schema, properties: { ...properties, _templates } }
}

/** A page of a collection: `_links`, its records under its rel, and Spring Data REST's `page`. */
function pageSchema(rel: string, resource: string): Schema {
  return {
    type: 'object',
    required: ['_links', '_embedded', 'page'],
    properties: {
      _links: ref('Links'),
      _embedded: {
        type: 'object',
        required: [rel],
        properties: { [rel]: { type: 'array', items: ref(resource) } },
      },
      page: {
        type: 'object',
        required: ['size', 'totalElements', 'totalPages', 'number'],
        properties: { size: integer, totalElements: integer, totalPages: integer, number: integer },
      },
    },
  }
}

/**
 * A schema as components: itself under `name`, and its `$defs` (a recursive or named member's,
 * which `#/$defs/…` references reach from the schema's root) beside it as `name.def`, each
 * reference rewritten, since within the document `#` is the document.
 */
function hoisted(name: string, schema: Schema): Record<string, Schema> {
  const { $defs, ...root } = schema as Schema & { $defs?: Record<string, Schema> }
  const target = (def: string) => `${name}.${def.replace(/[^\w.-]/g, '_')}`
  const rewrite = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(rewrite)
    if (typeof node !== 'object' || node === null) return node
    const out: Schema = {}
    for (const [key, value] of Object.entries(node)) {
      out[key] = key === '$ref' && typeof value === 'string' ? rewritten(value) : rewrite(value)
    }
    return out
  }
  const rewritten = (pointer: string): string => {
    if (pointer === '#') return `#/components/schemas/${name}`
    const def = /^#\/\$defs\/([^/]+)$/.exec(pointer)?.[1]
    if (def === undefined) return pointer
    return `#/components/schemas/${target(def.replace(/~1/g, '/').replace(/~0/g, '~'))}`
  }
  const out: Record<string, Schema> = { [name]: rewrite(root) as Schema }
  for (const [def, value] of Object.entries($defs ?? {}))
    out[target(def)] = rewrite(value) as Schema
  return out
}

/**
 * Drops the schemas no path reaches: those of collections the core does not serve (unless a route
 * of yours names them in its `openapi`), and the core's own that no operation uses.
 */
export function pruneUnreached(schemas: Record<string, unknown>, paths: object): void {
  const reached = new Set<string>()
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) for (const item of node) visit(item)
    else if (typeof node === 'object' && node !== null) {
      for (const [key, value] of Object.entries(node)) {
        const name = key === '$ref' && typeof value === 'string' ? refName(value) : undefined
        if (name === undefined) visit(value)
        else if (!reached.has(name)) {
          reached.add(name)
          visit(schemas[name])
        }
      }
    }
  }
  visit(paths)
  for (const name of Object.keys(schemas)) if (!reached.has(name)) delete schemas[name]
}

const refName = (pointer: string): string | undefined =>
  /^#\/components\/schemas\/(.+)$/.exec(pointer)?.[1]

/**
 * Each collection's type name, from what one record is called (`order-lines` → `OrderLine`), made unique against the core's
 * schemas and the others' (with their `Resource` and `Page` variants).
 */
export function typeNames(model: ApiModel): Map<string, string> {
  const taken = new Set(Object.keys(CORE_SCHEMAS))
  const names = new Map<string, string>()
  for (const { name, noun } of model.collections) {
    let type = pascal(noun)
    const free = (t: string) => ![t, `${t}Resource`, `${t}Page`].some((n) => taken.has(n))
    while (!free(type)) type = `${type}_`
    for (const n of [type, `${type}Resource`, `${type}Page`]) taken.add(n)
    names.set(name, type)
  }
  return names
}
