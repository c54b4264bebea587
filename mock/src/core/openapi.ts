import {
  HAL_JSON as HAL,
  HAL_FORMS_JSON,
  JSON_PATCH_JSON,
  MERGE_PATCH_JSON,
  PROBLEM_JSON as PROBLEM,
} from '../http/media-types.js'
import { reasonPhrase } from '../http/reason-phrase.js'
import { type CollectionDefinition, type HalApiDefinition, isRelation } from './definition.js'
import { renderedPageSchema } from './page-schema.js'
import type { Representations } from './representation.js'
import { jsonSchemaOf } from './standard-schema.js'
import { recordNoun, withArticle } from './words.js'

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = { readonly openapi: '3.1.0' } & Record<string, unknown>

type Schema = Record<string, unknown>

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` })
const integer = { type: 'integer' }
const string = { type: 'string' }
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
  // HAL-FORMS templates by name; plain HAL documents have none.
  Templates: {
    type: 'object',
    additionalProperties: {
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
 * The OpenAPI 3.1 document of an API, generated from the same definition the routes come from:
 * a path per route; per collection its request body (`Order`, from the schema's input JSON
 * Schema), its records as answered (`OrderResource`: `id`, the schema's output members, `_links`,
 * `_embedded`; any object with `_links` when `represent` shapes them) and its pages
 * (`OrderPage`); the HAL-FORMS variant, both patch formats, validators, `Location`, the token
 * scheme, and problem details for every error. Every operation has an `operationId` (`listOrders`,
 * `getOrder`, `createOrder`, `replaceOrder`, `updateOrder`, `deleteOrder`), a tag (its collection,
 * or its first path segment), a summary and a description; schemas no operation reaches are left
 * out, so that the document lints clean under Spectral's `spectral:oas` rules.
 *
 * @example
 * openApiDocument(definition, 'http://localhost/api', reps).paths['/orders/{id}']
 */
export function openApiDocument(
  definition: HalApiDefinition,
  serverUrl: string,
  reps: Representations,
): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {}
  const schemas: Record<string, unknown> = { ...CORE_SCHEMAS }
  const types = typeNames(definition)
  const type = (name: string) => types.get(name) as string
  const tags = new Map<string, string>()
  const operationIds = new Set<string>()
  /** A unique operationId: `id`, or `id2`, `id3`… when a route of yours took it. */
  const operationId = (id: string) => {
    let unique = id
    for (let n = 2; operationIds.has(unique); n++) unique = `${id}${n}`
    operationIds.add(unique)
    return unique
  }
  const problems = (...statuses: number[]) =>
    Object.fromEntries(
      statuses.map((status) => [
        String(status),
        {
          description: reasonPhrase(status) ?? 'Error',
          content: { [PROBLEM]: { schema: ref('Problem') } },
          ...(status === 401 && { headers: { 'WWW-Authenticate': header('Bearer realm="…"') } }),
        },
      ]),
    )
  // HAL-FORMS clients get the same document with `_templates` (docs/api.md, HTTP semantics, ext).
  const hal = (description: string, schema: string, headers: Record<string, unknown> = {}) => ({
    description,
    headers: { ...VALIDATORS, ...headers },
    content: { [HAL]: { schema: ref(schema) }, [HAL_FORMS_JSON]: { schema: ref(schema) } },
  })
  const schemes = definition.securitySchemes ?? DEFAULT_SECURITY_SCHEMES
  // Any one of the schemes will do: an OpenAPI security requirement per scheme.
  const security = Object.keys(schemes).map((name) => ({ [name]: [] }))
  // With protected reads, a read needs a token too: 401 without one.
  const reads = definition.protectReads ? { security } : {}
  const readProblems = definition.protectReads ? [401, 406] : [406]
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }
  const notModified = { 304: { description: 'Not Modified', headers: VALIDATORS } }
  tags.set('root', 'The API root and its OpenAPI document')
  paths['/'] = {
    get: {
      operationId: operationId('getRoot'),
      tags: ['root'],
      summary: 'The API root: a link to every collection',
      description: 'Links to every collection by its rel (HAL), with the API’s CURIEs.',
      ...reads,
      responses: {
        200: {
          description: 'The root',
          headers: VALIDATORS,
          content: { [HAL]: { schema: ref('Root') } },
        },
        ...notModified,
        ...problems(...readProblems),
      },
    },
  }
  paths['/openapi.json'] = {
    get: {
      operationId: operationId('getOpenApiDocument'),
      tags: ['root'],
      summary: 'This OpenAPI document',
      description: 'The OpenAPI 3.1 document of the API, generated from its definition.',
      ...reads,
      responses: {
        200: {
          description: 'The OpenAPI document',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        ...problems(...readProblems),
      },
    },
  }
  for (const [name, collection] of Object.entries(definition.collections)) {
    const t = type(name)
    const address = reps.address(name)
    const { paging: convention } = address
    Object.assign(schemas, hoisted(t, jsonSchemaOf(collection.schema)))
    // Its records and pages as the core answers them, wherever they appear (embedded, say).
    Object.assign(schemas, {
      ...hoisted(`${t}Resource`, resourceSchema(collection, type)),
      // A page in the API's own convention: the document its `render` writes, read from samples.
      [`${t}Page`]: convention.standard
        ? pageSchema(collection.rel ?? name, `${t}Resource`)
        : renderedPageSchema(
            convention,
            { name, rel: collection.rel ?? name },
            ref(`${t}Resource`),
            ref('Link'),
          ),
    })
    const member = address.parent?.member
    const sent = schemas[t] as { required?: unknown; properties?: Record<string, Schema> }
    if (member !== undefined && !collection.input && Array.isArray(sent.required)) {
      // The parent's id comes from the URL: a body may leave it out (or must name the same).
      sent.required = sent.required.filter((name) => name !== member)
      const property = sent.properties?.[member]
      if (property) {
        property.description = `The ${address.parent?.address.label} of the URL, which the server sets: leave it out, or send the same (else 422).`
      }
    }
    // A collection the core does not serve is answered by the API's own routes (below).
    if (collection.serve === false) continue
    const noun = recordNoun(name, collection)
    const One = pascal(noun)
    const Many = pascal(name)
    const record = noun
    const tag = [name]
    tags.set(name, `${pascal(noun)} records: the paged list, each record, and its writes`)
    // What clients send, when it is not the whole record.
    const input = collection.input ? `${t}Input` : t
    if (collection.input) Object.assign(schemas, hoisted(input, jsonSchemaOf(collection.input)))
    const urlencoded = collection.urlencoded !== false
    const body = {
      required: true,
      content: {
        'application/json': { schema: ref(input) },
        ...(urlencoded ? { [FORM_URLENCODED]: { schema: ref(input) } } : {}),
      },
    }
    const forms =
      'With Accept: application/prs.hal-forms+json the answer carries HAL-FORMS `_templates`'
    const writes = urlencoded
      ? 'Needs an access token. A urlencoded body is read by the schema (`true` is a boolean, `3` a number) and needs the token in a header.'
      : 'Needs an access token.'
    const preconditions =
      'If-Match (an ETag read before) makes it conditional: 412 when the record changed since.'
    const pathParams = (path: string) =>
      [...path.matchAll(/\{(\w+)\}/g)].map(([, param]) => ({ ...id, name: param }))
    const under = address.parent
      ? ` under its ${recordNoun(address.parent.address.name, address.parent.address.definition)}`
      : ''
    const missing = address.parent ? [404] : []
    const list: Record<string, unknown> = {}
    if (address.listPattern.includes('{')) list.parameters = pathParams(address.listPattern)
    if (collection.list !== false) {
      list.get = {
        operationId: operationId(`list${Many}`),
        tags: tag,
        summary: `A page of ${name}`,
        description: `The ${name}${under} in ascending id order, \`${convention.size}\` (default ${convention.defaultSize}, at most ${convention.maxSize}) a page; \`${convention.page}\` counts from ${convention.firstIndex}, and a page past the last is ${convention.pastEnd === 'empty' ? 'empty' : 'a 404'}.${address.writable ? ` ${forms} (create ${withArticle(noun)}).` : ''}`,
        ...reads,
        parameters: [
          {
            name: convention.page,
            in: 'query',
            schema: { type: 'integer', minimum: convention.firstIndex },
          },
          {
            name: convention.size,
            in: 'query',
            schema: { type: 'integer', minimum: 1, maximum: convention.maxSize },
          },
        ],
        responses: {
          200: hal(`A page of ${name}`, `${t}Page`),
          ...notModified,
          ...problems(400, ...missing, ...readProblems),
        },
      }
    }
    if (address.writable) {
      list.post = {
        operationId: operationId(`create${One}`),
        tags: tag,
        summary: `Create ${withArticle(noun)}`,
        description: `Validates the body by the ${noun} schema and stores it with the next id${under}; the answer is the new ${noun}, at \`Location\`. ${writes}`,
        security,
        requestBody: body,
        responses: {
          201: hal('Created', `${t}Resource`, { Location: header('The new record’s URL') }),
          ...problems(400, 401, 403, ...missing, 406, 409, 413, 415, 422),
        },
      }
    }
    if (list.get || list.post) paths[address.listPattern] = list
    const item: Record<string, unknown> = {
      parameters: pathParams(address.itemPattern),
      get: {
        operationId: operationId(`get${One}`),
        tags: tag,
        summary: `The ${record}`,
        description: `The ${noun} with its links (and embedded records).${address.writable ? ` ${forms} (\`default\`: replace it, \`patch\`, \`delete\`).` : ''}`,
        ...reads,
        responses: {
          200: hal(`The ${record}`, `${t}Resource`),
          ...notModified,
          ...problems(404, ...readProblems, 412),
        },
      },
    }
    paths[address.itemPattern] = item
    if (address.writable) {
      Object.assign(item, {
        put: {
          operationId: operationId(`replace${One}`),
          tags: tag,
          summary: `Replace the ${record}`,
          description: `Replaces every field of the ${noun} by the body, validated by its schema. ${preconditions} ${writes}`,
          security,
          requestBody: body,
          responses: {
            200: hal('Replaced', `${t}Resource`),
            ...problems(400, 401, 403, 404, 406, 412, 413, 415, 422),
          },
        },
        patch: {
          operationId: operationId(`update${One}`),
          tags: tag,
          summary: `Change some fields of the ${record}`,
          description: `A merge patch (RFC 7396), a JSON Patch (RFC 6902)${urlencoded ? ', or urlencoded fields to set' : ''}; the result is validated as a replacement. ${preconditions} ${writes}`,
          security,
          requestBody: {
            required: true,
            content: {
              [MERGE_PATCH_JSON]: { schema: { type: 'object' } },
              [JSON_PATCH_JSON]: { schema: ref('JsonPatch') },
              ...(urlencoded ? { [FORM_URLENCODED]: { schema: { type: 'object' } } } : {}),
            },
          },
          responses: {
            200: hal('Changed', `${t}Resource`),
            ...problems(400, 401, 403, 404, 406, 409, 412, 413, 415, 422),
          },
        },
        delete: {
          operationId: operationId(`delete${One}`),
          tags: tag,
          summary: `Delete the ${record}`,
          description: `Deletes the ${noun}${address.children.length > 0 ? ' and the records nested under it' : ''}; ${deleteRules(definition, name)} ${preconditions} Needs an access token.`,
          security,
          responses: { 204: { description: 'Deleted' }, ...problems(401, 403, 404, 409, 412) },
        },
      })
    }
    for (const back of reps.backLinks(name)) {
      const from = reps.address(back.from).paging
      paths[`${address.itemPattern}/${back.path}`] = {
        parameters: pathParams(address.itemPattern),
        get: {
          operationId: operationId(`list${One}${pascal(back.rel)}`),
          tags: tag,
          summary: `The ${back.from} that link to the ${record}`,
          description: `A page of the ${back.from} whose link points at this ${noun}, paged as the collection is.`,
          ...reads,
          parameters: [
            { name: from.page, in: 'query', schema: { type: 'integer', minimum: from.firstIndex } },
            {
              name: from.size,
              in: 'query',
              schema: { type: 'integer', minimum: 1, maximum: from.maxSize },
            },
          ],
          responses: {
            200: hal(`A page of ${back.from}`, `${type(back.from)}Page`),
            ...notModified,
            ...problems(400, 404, ...readProblems),
          },
        },
      }
    }
  }
  for (const route of definition.routes ?? []) {
    const path = route.path || '/'
    const parameters = [...path.matchAll(/\{(\w+)\}/g)].map(([, param]) => ({
      name: param,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }))
    const method = route.method.toLowerCase()
    const summary = route.summary ?? `${route.method} ${path}`
    const {
      tags: ownTags,
      operationId: ownId,
      responses: ownResponses,
      parameters: ownParameters,
      ...operation
    } = route.openapi ?? {}
    // Path parameters first, then the route's own (query parameters, say).
    const allParameters = [...parameters, ...((ownParameters as unknown[] | undefined) ?? [])]
    const routeTags = ownTags ?? [
      path.split('/').find((s) => s !== '' && !s.startsWith('{')) ?? 'root',
    ]
    for (const t of routeTags)
      if (!tags.has(t)) tags.set(t, `Routes under /${t === 'root' ? '' : t}`)
    const produced = route.produces ?? [HAL]
    const guarded =
      route.access === 'write' || (route.access !== 'public' && definition.protectReads)
    paths[path] = {
      ...paths[path],
      [method]: {
        operationId: operationId(ownId ?? routeOperationId(route.method, path)),
        tags: routeTags,
        summary,
        description: summary,
        ...(allParameters.length > 0 ? { parameters: allParameters } : {}),
        ...(route.access === 'write' ? { security } : route.access === 'public' ? {} : reads),
        responses: {
          200: {
            description: 'As the route answers',
            ...(produced.length > 0 && {
              content: Object.fromEntries(produced.map((type) => [type, {}])),
            }),
          },
          ...problems(...(guarded ? [401] : []), ...(produced.length > 0 ? [406] : [])),
          default: { description: 'A problem', content: { [PROBLEM]: { schema: ref('Problem') } } },
          ...ownResponses,
        },
        ...operation,
      },
    }
  }
  pruneUnreached(schemas, paths)
  const title = definition.title ?? 'HAL API'
  return {
    openapi: '3.1.0',
    info: {
      title,
      version: '1.0.0',
      description: `${title}: HAL (application/hal+json) resources linked from the root, with HAL-FORMS templates for clients that ask for them and problem details (RFC 9457) for every error.`,
      contact: { name: title },
    },
    servers: [{ url: serverUrl }],
    tags: [...tags].map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas,
      securitySchemes: schemes,
    },
  }
}

const FORM_URLENCODED = 'application/x-www-form-urlencoded'

/** `order-lines` → `OrderLines`: a name as a part of a type name or an operationId. */
const pascal = (name: string): string =>
  name.replace(/(?:^|[-_\s]+)(\w)/g, (_, letter: string) => letter.toUpperCase())

/**
 * The operationId of a route of yours: its method and its path's words, a parameter as `By…`
 * (`GET /search/{term}` → `getSearchByTerm`; `GET ''` → `getRoot`).
 */
function routeOperationId(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment)?.[1]
      return param === undefined ? pascal(segment.replace(/\W+/g, '-')) : `By${pascal(param)}`
    })
  return `${method.toLowerCase()}${words.join('') || 'Root'}`
}

/**
 * What a DELETE of a record of `name` does to the records linking it, as their links' `onDelete`
 * say (`delete-links.ts`): the same for the records nested under it.
 */
function deleteRules(definition: HalApiDefinition, name: string): string {
  const { collections } = definition
  // The record and the records nested under it, at any depth: the same rule holds for them all.
  const deleted = new Set([name])
  for (let grew = true; grew; ) {
    grew = false
    for (const [child, collection] of Object.entries(collections)) {
      const parent = collection.parent?.collection
      if (parent !== undefined && deleted.has(parent) && !deleted.has(child)) {
        deleted.add(child)
        grew = true
      }
    }
  }
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

const header = (description: string) => ({ description, schema: string })
/** The validators of every 200 and 304 of a resource. */
const VALIDATORS = {
  ETag: header('The representation’s strong entity tag'),
  'Last-Modified': header('When the resource last changed'),
}

/**
 * A collection's records as answered: without `represent`, the `id`, the schema's output members
 * (what the store keeps) and the HAL members; with it, any object with `_links`.
 */
function resourceSchema(collection: CollectionDefinition, type: (name: string) => string): Schema {
  const embedded: Record<string, Schema> = {}
  for (const rel of collection.embed ?? []) {
    const link = collection.links?.[rel]
    if (!link || !isRelation(link)) continue
    const target = ref(`${type(link.to)}Resource`)
    embedded[rel] = { anyOf: [target, { type: 'array', items: target }] }
  }
  const hal = {
    _links: ref('Links'),
    _embedded: { type: 'object', properties: embedded },
    _templates: ref('Templates'),
  }
  if (collection.represent) return { type: 'object', required: ['_links'], properties: hal }
  const output = jsonSchemaOf(collection.schema, 'output')
  const members = (output.type === 'object' && (output.properties as Schema | undefined)) || {}
  const required = Array.isArray(output.required) ? (output.required as string[]) : []
  return {
    ...output,
    type: 'object',
    required: ['id', ...required, '_links'],
    properties: { id: { type: 'integer', minimum: 1 }, ...members, ...hal },
  }
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
      _templates: ref('Templates'),
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
function pruneUnreached(schemas: Record<string, unknown>, paths: object): void {
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
function typeNames(definition: HalApiDefinition): Map<string, string> {
  const taken = new Set(Object.keys(CORE_SCHEMAS))
  const names = new Map<string, string>()
  for (const [name, collection] of Object.entries(definition.collections)) {
    let type = pascal(recordNoun(name, collection))
    const free = (t: string) => ![t, `${t}Resource`, `${t}Page`].some((n) => taken.has(n))
    while (!free(type)) type = `${type}_`
    for (const n of [type, `${type}Resource`, `${type}Page`]) taken.add(n)
    names.set(name, type)
  }
  return names
}

/** How the default `authenticate` reads a token: `X-Access-Token`, or `Authorization: Bearer`. */
const DEFAULT_SECURITY_SCHEMES: Readonly<Record<string, Readonly<Record<string, unknown>>>> = {
  token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
  bearer: { type: 'http', scheme: 'bearer' },
}
