// What a collection lets clients write, and how: from HAL-FORMS templates or ALPS profiles.

import type { TemplateNames } from '../../definition/definition.js'
import { type Crawl, listOf } from '../crawl.js'
import { type CollectionModel, isObject, type WritesModel } from '../model.js'

/**
 * A collection's shape with what its HAL-FORMS templates say of each member (prompt, bounds,
 * pattern, options): the template that replaces an item, else the one that creates one.
 */
export function withFormHints(
  collection: CollectionModel,
  crawl: Crawl,
  under: (url: string) => string | undefined,
): CollectionModel['shape'] {
  const list = collection.pattern.replace(/\/\{\}$/, '')
  const shape = (url: string) => under(listOf(url))?.replace(/\/\d+(?=\/|$)/g, '/{}')
  const candidates: Record<string, unknown>[] = []
  for (const exchange of crawl.exchanges.values()) {
    if (exchange.accept !== 'forms') continue
    const templates = (exchange.body as Record<string, unknown>)?._templates
    if (!isObject(templates)) continue
    for (const template of Object.values(templates)) {
      if (!isObject(template) || !Array.isArray(template.properties)) continue
      const target =
        typeof template.target === 'string'
          ? new URL(template.target, exchange.url).href
          : exchange.url
      const at = shape(target)
      const method = String(template.method).toUpperCase()
      if ((at === collection.pattern && method === 'PUT') || (at === list && method === 'POST')) {
        candidates.push(template)
      }
    }
  }
  const chosen = candidates.find((t) => String(t.method).toUpperCase() === 'PUT') ?? candidates[0]
  if (!chosen) return collection.shape
  const properties = new Map(
    (chosen.properties as unknown[]).filter(isObject).map((p) => [String(p.name), p] as const),
  )
  // Required is what the form says, not what every record happens to hold.
  const required = (name: string) => properties.get(name)?.required === true
  const number = (v: unknown) => (typeof v === 'number' ? v : undefined)
  return {
    ...collection.shape,
    members: collection.shape.members.map((m) => {
      const p = properties.get(m.name)
      // A member no form names is the server's to set, which the mock does not: never required.
      if (!p) return { ...m, optional: true }
      const options =
        isObject(p.options) && Array.isArray(p.options.inline) ? p.options.inline : undefined
      const hints = {
        ...(typeof p.prompt === 'string' ? { prompt: p.prompt } : {}),
        ...(number(p.min) === undefined ? {} : { min: number(p.min) as number }),
        ...(number(p.max) === undefined ? {} : { max: number(p.max) as number }),
        ...(number(p.minLength) === undefined ? {} : { minLength: number(p.minLength) as number }),
        ...(number(p.maxLength) === undefined ? {} : { maxLength: number(p.maxLength) as number }),
        ...(number(p.step) === undefined ? {} : { step: number(p.step) as number }),
        ...(typeof p.regex === 'string' ? { regex: p.regex } : {}),
        ...(options
          ? { options: options.filter((o) => typeof o === 'string' || typeof o === 'number') }
          : {}),
      }
      return { ...m, optional: m.optional || !required(m.name), hints }
    }),
  }
}

/**
 * A collection's HAL-FORMS templates as the API wrote them: the create template's key and the
 * titles (`templates`), and the fields a write takes (`input`) when the forms name fewer members
 * than the records show (the parent's id, members the server sets).
 */
export function inferTemplates(
  collection: CollectionModel,
  crawl: Crawl,
  under: (url: string) => string | undefined,
): {
  templates?: TemplateNames
  input?: string[]
  inputOptional?: true
  outputOnly?: string[]
} {
  const list = collection.pattern.replace(/\/\{\}$/, '')
  const shape = (url: string) => under(listOf(url))?.replace(/\/\d+(?=\/|$)/g, '/{}')
  const names: { -readonly [K in keyof TemplateNames]: TemplateNames[K] } = {}
  const fields = new Set<string>()
  let forms = false
  for (const exchange of crawl.exchanges.values()) {
    if (exchange.accept !== 'forms') continue
    const templates = (exchange.body as Record<string, unknown>)?._templates
    if (!isObject(templates)) continue
    for (const [key, template] of Object.entries(templates)) {
      if (!isObject(template) || typeof template.method !== 'string') continue
      const at = shape(targetOf(template, exchange.url))
      const method = template.method.toUpperCase()
      const title = typeof template.title === 'string' ? template.title : undefined
      const item = at === collection.pattern
      if (at === list && method === 'POST') {
        // A nested list's create may be offered on its parent's items too, under a key of its own.
        if (collection.parent && shape(exchange.url) !== list) names.createOnParent ??= key
        else names.create ??= key
        if (title !== undefined) names.createTitle ??= title
      } else if (item && method === 'PUT' && title !== undefined) names.replaceTitle ??= title
      else if (item && method === 'PATCH' && title !== undefined) names.updateTitle ??= title
      else if (item && method === 'DELETE' && title !== undefined) names.deleteTitle ??= title
      else continue
      if (method !== 'POST' && method !== 'PUT') continue
      forms = true
      for (const p of Array.isArray(template.properties) ? template.properties : []) {
        if (isObject(p) && typeof p.name === 'string') fields.add(p.name)
      }
    }
  }
  // A nested list whose pages offer the create and whose parent's items do not.
  if (collection.parent && names.create !== undefined) names.createOnParent ??= false
  const members = collection.shape.members.map((m) => m.name)
  // Without forms, a nested record's parent id still comes from its URL, never from the body, and
  // what the server sets (times, versions) is no client's to send.
  const taken = forms
    ? members.filter((m) => fields.has(m))
    : members.filter((m) => m !== collection.parent?.member && !serverSet(m, collection.records))
  const outputOnly = members.filter(
    (m) =>
      !taken.includes(m) && m !== collection.parent?.member && serverSet(m, collection.records),
  )
  return {
    ...(Object.keys(names).length > 0 ? { templates: names } : {}),
    ...(taken.length < members.length ? { input: taken } : {}),
    // Without forms nothing says what a client must send: a record always holding a member says
    // the server keeps one, not that a client sends it (a default, a server-set value).
    ...(forms ? {} : { input: taken, inputOptional: true as const }),
    ...(outputOnly.length > 0 ? { outputOnly } : {}),
  }
}

/** Names of members a server sets on every write: times of change, versions. */
const SERVER_SET =
  /^(created|updated|modified|changed|deleted|inserted)(_?(at|on|time|date|timestamp))?$|^(last_?modified|modified_?date|date_?(created|modified|updated)|version|_version|revision|rev|etag|timestamp)$/i

/**
 * Whether a member is the server's own (output only): named like a time of change or a version,
 * on every record, holding a time (or a number, for a version).
 */
export function serverSet(member: string, records: readonly Record<string, unknown>[]): boolean {
  if (!SERVER_SET.test(member) || records.length === 0) return false
  return records.every((r) => {
    const v = r[member]
    return (
      (typeof v === 'string' && !Number.isNaN(Date.parse(v))) ||
      typeof v === 'number' ||
      (typeof v === 'string' && /version|rev|etag/i.test(member))
    )
  })
}

/** Where a HAL-FORMS template acts: its target (another collection's list, say), or its document. */
const targetOf = (template: Record<string, unknown>, document: string): string =>
  typeof template.target === 'string' ? new URL(template.target, document).href : document

/**
 * Which writes a collection offers: its HAL-FORMS templates, its ALPS profile's descriptors, or
 * what `OPTIONS` allows on its list and items.
 */
export function inferWrites(
  collection: CollectionModel,
  crawl: Crawl,
  under: (url: string) => string | undefined,
): WritesModel {
  const forms = [...crawl.exchanges.values()].filter((e) => e.accept === 'forms')
  const methods = new Set<string>()
  let offered = false
  const list = collection.pattern.replace(/\/\{\}$/, '')
  const shape = (url: string) => under(listOf(url))?.replace(/\/\d+(?=\/|$)/g, '/{}')
  for (const exchange of forms) {
    const templates = (exchange.body as Record<string, unknown>)?._templates
    if (!isObject(templates)) continue
    const here = shape(exchange.url)
    if (here === collection.pattern || here === list) offered = true
    for (const template of Object.values(templates)) {
      if (!isObject(template) || typeof template.method !== 'string') continue
      const at = shape(targetOf(template, exchange.url))
      if (at !== collection.pattern && at !== list) continue
      offered = true
      methods.add(template.method.toUpperCase())
    }
  }
  if (offered) return { source: 'hal-forms', methods: [...methods].sort() }
  const segment = collection.pattern.split('/').at(-2)
  const alps = [...crawl.exchanges.values()].find(
    (e) => e.accept === 'alps' && listOf(e.url).endsWith(`/profile/${segment}`),
  )
  const descriptors = alps?.body as { alps?: { descriptor?: unknown }; descriptors?: unknown }
  const list2 = (descriptors?.descriptors ?? descriptors?.alps?.descriptor) as unknown
  if (Array.isArray(list2)) {
    const verbs: Record<string, string> = {
      create: 'POST',
      update: 'PUT',
      patch: 'PATCH',
      delete: 'DELETE',
    }
    for (const d of list2) {
      const id = isObject(d) && typeof d.id === 'string' ? d.id : ''
      const verb = verbs[id.split('-')[0] ?? '']
      if (verb) methods.add(verb)
    }
    return { source: 'alps', methods: [...methods].sort() }
  }
  return allowedWrites(collection, crawl, shape)
}

const ITEM_WRITES = ['PUT', 'PATCH', 'DELETE']

/**
 * What the `OPTIONS` probes of a collection's list and item allow: read-only when the list's
 * `Allow` lacks POST and no item's names a write (an item not probed counts as none: a definition
 * says read-only of the whole collection). Unknown (no `Allow` on the list) is `none`.
 */
function allowedWrites(
  collection: CollectionModel,
  crawl: Crawl,
  shape: (url: string) => string | undefined,
): WritesModel {
  const list = collection.pattern.replace(/\/\{\}$/, '')
  let onList: readonly string[] | undefined
  const onItems = new Set<string>()
  for (const [url, methods] of crawl.allow ?? []) {
    const at = shape(url)
    if (at === list && collection.list !== false) onList ??= methods
    else if (at === collection.pattern)
      for (const m of methods) if (ITEM_WRITES.includes(m)) onItems.add(m)
  }
  if (onList === undefined) return { source: 'none', methods: [] }
  const methods = [...(onList.includes('POST') ? ['POST'] : []), ...onItems]
  // A list refusing creates whose items take writes: the definition cannot say so (`readOnly` is
  // the whole collection's), so the mock keeps every write, as without a probe.
  if (methods.length > 0 && !methods.includes('POST')) return { source: 'none', methods: [] }
  return { source: 'allow', methods: methods.sort() }
}
