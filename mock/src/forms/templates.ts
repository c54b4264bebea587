import type { CollectionDefinition } from '../definition/definition.js'
import { nestedCreateKey, withArticle } from '../definition/words.js'
import { type BodyRequest, parseJson, pointer, readJson, readText } from '../http/body.js'
import { JSON_TYPE, MERGE_PATCH_JSON } from '../http/media-types.js'
import { Problem } from '../http/problem.js'
import {
  type FormProperty,
  type FormTemplate,
  formPropertiesOf,
  type JsonObjectSchema,
  type JsonSchemaProperty,
  jsonTypesOf,
} from './properties.js'

/**
 * One HAL-FORMS template a collection offers, as `_templates` writes it under {@link key}. Its
 * `target` is where it is offered: an item's templates aim at its `self`, a create template at the
 * list's URL.
 *
 * @example
 * compileApi(definition).collection('orders').templates.create
 * // { key: 'default', title: 'Create an order', method: 'POST', contentType: 'application/json', properties: […] }
 */
export interface TemplateModel {
  /** Its key in `_templates`. */
  readonly key: string
  readonly title: string
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  readonly contentType?: string
  /** The inputs, from the input schema (never the parent's member, which the URL gives). */
  readonly properties: readonly FormProperty[]
}

/**
 * A writable collection's HAL-FORMS templates: create on its pages (and, nested, on its parent's
 * items), replace, update and delete on its items.
 *
 * @example
 * compileApi(definition).collection('books').templates.createOnParent?.key // 'createBooks'
 */
export interface TemplatesModel {
  readonly create: TemplateModel
  /** A nested collection's create template on its parent's items (`createBooks`). */
  readonly createOnParent?: TemplateModel
  readonly replace: TemplateModel
  readonly update: TemplateModel
  readonly delete: TemplateModel
}

/** An item's templates: replace it (`default`), patch it, delete it; all aim at its `self`. */
export type ItemTemplates = Readonly<Record<string, FormTemplate>>

/** A collection's templates: create a record (`default`, or its `templates.create` name), aimed at the collection's URL. */
export type CollectionTemplates = Readonly<Record<string, FormTemplate>>

/**
 * What a collection offers a client that sends forms, from its input's JSON Schema and its templates: the HAL-FORMS
 * templates of its items and pages (the model's, as `_templates` writes them), the members a JSON
 * Patch may touch, and how urlencoded fields read as the input's JSON. An input without JSON
 * Schema gives templates without properties, and lets a patch touch the members a record has.
 *
 * @example
 * const forms = compileApi(definition).collection('orders').forms
 * forms.collection('http://localhost/api/orders').default?.title // 'Create an order'
 */
export class CollectionForms {
  readonly #templates: TemplatesModel
  readonly #item: ItemTemplates
  /** The schema's members as JSON Pointers (`/status`), or `undefined` when it does not say. */
  readonly #members: readonly string[] | undefined
  /** The JSON types each member holds, to read a urlencoded value as one of them. */
  readonly #types: ReadonlyMap<string, ReadonlySet<string>>
  /** The JSON types an array member's items hold, to read its repeated fields. */
  readonly #itemTypes: ReadonlyMap<string, ReadonlySet<string>>

  constructor(json: JsonObjectSchema, templates: TemplatesModel) {
    const { replace, update, delete: remove } = templates
    this.#templates = templates
    // A JSON Patch may still name the parent's member: its write checks it against the URL.
    this.#members = json.properties ? Object.keys(json.properties).map(pointerOf) : undefined
    this.#types = new Map(
      Object.entries(json.properties ?? {}).map(([member, p]) => [member, jsonTypesOf(p)]),
    )
    this.#itemTypes = new Map(
      Object.entries(json.properties ?? {}).flatMap(([member, p]) => {
        const items = itemsOf(p)
        return items ? [[member, jsonTypesOf(items)] as const] : []
      }),
    )
    this.#item = Object.fromEntries([replace, update, remove].map((t) => [t.key, formOf(t)]))
  }

  /** The `_templates` of an item (no `target`: its `self`). */
  item(): ItemTemplates {
    return this.#item
  }

  /**
   * The `_templates` of a page of records: create one, at `target` (a page's `self` has a query);
   * `onParent`, the create template its parent's items offer (`createBooks`).
   */
  collection(target: string, onParent = false): CollectionTemplates {
    const { create, createOnParent } = this.#templates
    // `createOnParent: false`: the parent's items offer none.
    const template = onParent ? createOnParent : create
    return template ? { [template.key]: formOf(template, target) } : {}
  }

  /** The JSON Pointers a JSON Patch on `fields` may touch (or go below): the schema's members. */
  patchable(fields: Readonly<Record<string, unknown>>): readonly string[] {
    return this.#members ?? Object.keys(fields).map(pointerOf)
  }

  /**
   * A write's body: JSON, or `application/x-www-form-urlencoded` fields read by the schema (see
   * {@link CollectionForms.fromUrlencoded}), `undefined` for a PATCH that sends neither (its
   * patch formats decide). A urlencoded body is one a page of any origin may send without a CORS
   * preflight, so it must carry the token in a header (which forces one): 415 otherwise.
   */
  async body(request: BodyRequest, { patch = false } = {}): Promise<unknown> {
    const type = request.headers.get('content-type') ?? ''
    if (!URLENCODED.test(type)) return patch ? undefined : readJson(request)
    if (request.headers.get('x-access-token') === null && !request.headers.get('authorization')) {
      throw new Problem(
        415,
        `Send urlencoded fields with the access token in X-Access-Token or Authorization (a cross-site form cannot), or send ${patch ? MERGE_PATCH_JSON : 'application/json'}.`,
      )
    }
    return this.fromUrlencoded(await readText(request))
  }

  /**
   * Urlencoded fields as the JSON the schema reads: a boolean member's `true` / `false` (`on`, an
   * HTML checkbox) as a boolean, a number member's numeric text as a number, an array or object
   * member's JSON text parsed, or its repeated fields (an HTML multiple select, checkboxes of one
   * name) as its items, each read by the items' type; an empty value of a member that is not a
   * string is left out (an empty input). Anything else stays text, for the schema to refuse with a
   * 422 naming it.
   *
   * @example
   * forms.fromUrlencoded('title=Milk&done=true&qty=2') // { title: 'Milk', done: true, qty: 2 }
   * forms.fromUrlencoded('tags=a&tags=b') // { tags: ['a', 'b'] }
   */
  fromUrlencoded(text: string): Record<string, unknown> {
    // Grouped in one pass (not `getAll` per name: a body of 100 000 names would take quadratic time).
    const grouped = new Map<string, string[]>()
    for (const [member, raw] of new URLSearchParams(text)) {
      const raws = grouped.get(member)
      if (raws) raws.push(raw)
      else grouped.set(member, [raw])
    }
    const fields = new Map<string, unknown>()
    for (const [member, raws] of grouped) {
      const types = this.#types.get(member) ?? TEXT
      const last = raws[raws.length - 1] ?? ''
      if (raws.length === 1 && last === '' && !types.has('string')) continue
      if (types.has('array') && !types.has('string') && (raws.length > 1 || !/^\s*\[/.test(last))) {
        const items = this.#itemTypes.get(member) ?? TEXT
        fields.set(
          member,
          raws.filter((raw) => raw !== '' || items.has('string')).map((raw) => typed(raw, items)),
        )
      } else fields.set(member, typed(last, types))
    }
    // Defined, not assigned: a `__proto__` field stays a member (the schema refuses it by name).
    return Object.fromEntries(fields)
  }
}

const URLENCODED = /^application\/x-www-form-urlencoded\s*(?:;|$)/i
const TEXT: ReadonlySet<string> = new Set(['string'])
const NUMBER = /^-?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i

/** One urlencoded value as a member holding `types` reads it (see `fromUrlencoded`). */
function typed(raw: string, types: ReadonlySet<string>): unknown {
  if (types.has('string')) return raw
  if (types.has('boolean') && (raw === 'true' || raw === 'on')) return true
  if (types.has('boolean') && raw === 'false') return false
  if ((types.has('number') || types.has('integer')) && NUMBER.test(raw.trim())) {
    return Number(raw)
  }
  if (types.has('array') || types.has('object')) {
    try {
      return parseJson(raw)
    } catch {
      return raw
    }
  }
  return raw
}

/** An array member's items schema, in it or in one of its branches (a nullable array). */
function itemsOf(property: JsonSchemaProperty): JsonSchemaProperty | undefined {
  const { items } = property as { items?: JsonSchemaProperty }
  if (items !== undefined) return items
  for (const branch of [...(property.anyOf ?? []), ...(property.oneOf ?? [])]) {
    const found = itemsOf(branch)
    if (found !== undefined) return found
  }
  return undefined
}

const pointerOf = (member: string): string => pointer([member])

/** A template of the model as `_templates` writes it: its key aside, its `target` when given. */
const formOf = (
  { key: _, properties, ...template }: TemplateModel,
  target?: string,
): FormTemplate => ({
  ...template,
  ...(target !== undefined && { target }),
  properties: properties as FormTemplate['properties'],
})

/**
 * A collection's templates, their properties read from the input's JSON Schema without the
 * parent's member (its URL gives it).
 *
 * @example
 * templatesOf('orders', 'order', definition.collections.orders, inputJson).create.title // 'Create an order'
 */
export function templatesOf(
  name: string,
  noun: string,
  collection: CollectionDefinition,
  input: JsonObjectSchema,
): TemplatesModel {
  const names = collection.templates ?? {}
  const json = collection.parent ? withoutMember(input, collection.parent.member) : input
  const properties = formPropertiesOf(json)
  const create = {
    title: names.createTitle ?? `Create ${withArticle(noun)}`,
    method: 'POST',
    contentType: JSON_TYPE,
    properties,
  } as const
  const onParent = collection.parent && nestedCreateKey(name, names)
  return {
    create: { key: names.create ?? 'default', ...create },
    ...(onParent !== undefined && { createOnParent: { key: onParent, ...create } }),
    replace: {
      key: 'default',
      title: names.replaceTitle ?? `Replace this ${noun}`,
      method: 'PUT',
      contentType: JSON_TYPE,
      properties,
    },
    update: {
      key: 'patch',
      title: names.updateTitle ?? `Change some fields of this ${noun}`,
      method: 'PATCH',
      contentType: MERGE_PATCH_JSON,
      // A merge patch sends only what changes.
      properties: formPropertiesOf(json, { required: false }),
    },
    delete: {
      key: 'delete',
      title: names.deleteTitle ?? `Delete this ${noun}`,
      method: 'DELETE',
      properties: [],
    },
  }
}

/** A JSON Schema of an object without one member, nor that member among the required ones. */
function withoutMember(json: JsonObjectSchema, member: string): JsonObjectSchema {
  if (!json.properties || !Object.hasOwn(json.properties, member)) return json
  const { [member]: _, ...properties } = json.properties
  const required = json.required?.filter((name) => name !== member)
  return { ...json, properties, ...(required ? { required } : {}) }
}
