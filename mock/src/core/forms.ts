import {
  type FormProperty,
  type FormTemplate,
  formPropertiesOf,
  type JsonObjectSchema,
} from '../hal/forms.js'
import { pointer } from '../http/body.js'
import { MERGE_PATCH_JSON } from '../http/patch.js'
import type { TemplateNames } from './definition.js'
import { jsonSchemaOf, type StandardSchema } from './standard-schema.js'

/** An item's templates: replace it (`default`), patch it, delete it; all aim at its `self`. */
export interface ItemTemplates {
  readonly default: FormTemplate
  readonly patch: FormTemplate
  readonly delete: FormTemplate
}

/** A collection's templates: create a record (`default`, or its `templates.create` name), aimed at the collection's URL. */
export type CollectionTemplates = Readonly<Record<string, FormTemplate>>

/**
 * What a collection's schema says a client may send, read once from its JSON Schema (Standard
 * JSON Schema, so zod and any library that offers it): the HAL-FORMS templates of its items and
 * pages, and the members a JSON Patch may touch. A schema without JSON Schema gives templates
 * without properties, and lets a patch touch the members a record has.
 *
 * @example
 * const forms = new CollectionForms('orders', orderSchema)
 * forms.collection('http://localhost/api/orders').default.method // 'POST'
 */
export class CollectionForms {
  readonly #name: string
  readonly #item: ItemTemplates
  readonly #create: FormProperty[]
  readonly #names: TemplateNames
  /** The schema's members as JSON Pointers (`/status`), or `undefined` when it does not say. */
  readonly #members: readonly string[] | undefined

  constructor(name: string, schema: StandardSchema, names: TemplateNames = {}) {
    const json = jsonSchemaOf(schema) as JsonObjectSchema
    const properties = formPropertiesOf(json)
    this.#name = name
    this.#names = names
    this.#create = properties
    this.#members = json.properties ? Object.keys(json.properties).map(pointerOf) : undefined
    this.#item = {
      default: {
        title: names.replaceTitle ?? 'Replace this record',
        method: 'PUT',
        contentType: 'application/json',
        properties,
      },
      patch: {
        title: names.updateTitle ?? 'Change some fields of this record',
        method: 'PATCH',
        contentType: MERGE_PATCH_JSON,
        // A merge patch sends only what changes.
        properties: formPropertiesOf(json, { required: false }),
      },
      delete: {
        title: names.deleteTitle ?? 'Delete this record',
        method: 'DELETE',
        properties: [],
      },
    }
  }

  /** The `_templates` of an item (no `target`: its `self`). */
  item(): ItemTemplates {
    return this.#item
  }

  /** The `_templates` of a page of records: create one, at `target` (a page's `self` has a query). */
  collection(target: string): CollectionTemplates {
    return {
      [this.#names.create ?? 'default']: {
        title: this.#names.createTitle ?? `Create a record in ${this.#name}`,
        method: 'POST',
        contentType: 'application/json',
        target,
        properties: this.#create,
      },
    }
  }

  /** The JSON Pointers a JSON Patch on `fields` may touch (or go below): the schema's members. */
  patchable(fields: Readonly<Record<string, unknown>>): readonly string[] {
    return this.#members ?? Object.keys(fields).map(pointerOf)
  }
}

const pointerOf = (member: string): string => pointer([member])
