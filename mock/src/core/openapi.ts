import { HAL_FORMS_JSON } from '../hal/forms.js'
import { JSON_PATCH_JSON, MERGE_PATCH_JSON } from '../http/patch.js'
import { reasonPhrase } from '../http/reason-phrase.js'
import { type CollectionDefinition, type HalApiDefinition, isRelation } from './definition.js'
import type { Representations } from './representation.js'
import { jsonSchemaOf } from './standard-schema.js'

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = { readonly openapi: '3.1.0' } & Record<string, unknown>

type Schema = Record<string, unknown>

const HAL = 'application/hal+json'
const PROBLEM = 'application/problem+json'

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
 * a path per route; per collection its request body (`Orders`, from the schema's input JSON
 * Schema), its records as answered (`OrdersResource`: `id`, the schema's output members, `_links`,
 * `_embedded`; any object with `_links` when `represent` shapes them) and its pages
 * (`OrdersPage`); the HAL-FORMS variant, both patch formats, validators, `Location`, the token
 * scheme, and problem details for every error.
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
  const answerSchemas = new Set<string>()
  const type = (name: string) => types.get(name) as string
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
  // HAL-FORMS clients get the same document with `_templates` (CONTRACT §3, ext).
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
  const paging = [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 0 } },
    { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1 } },
  ]
  const notModified = { 304: { description: 'Not Modified', headers: VALIDATORS } }
  paths['/'] = {
    get: {
      summary: 'The API root: a link to every collection',
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
  for (const [name, collection] of Object.entries(definition.collections)) {
    const t = type(name)
    Object.assign(schemas, hoisted(t, jsonSchemaOf(collection.schema)))
    // Its records and pages as the core answers them, wherever they appear (embedded, say).
    const answers = {
      ...hoisted(`${t}Resource`, resourceSchema(collection, type)),
      // A page in the API's own convention is its `render`'s: any object.
      [`${t}Page`]: reps.address(name).paging.standard
        ? pageSchema(collection.rel ?? name, `${t}Resource`)
        : { type: 'object' },
    }
    Object.assign(schemas, answers)
    for (const answer of Object.keys(answers)) answerSchemas.add(answer)
    // A collection the core does not serve is answered by the API's own routes (below).
    if (collection.serve === false) continue
    const address = reps.address(name)
    const input = collection.input ? `${t}Input` : t
    if (collection.input) Object.assign(schemas, hoisted(input, jsonSchemaOf(collection.input)))
    const body = { required: true, content: { 'application/json': { schema: ref(input) } } }
    const record = `record of ${name}`
    const pathParams = (path: string) =>
      [...path.matchAll(/\{(\w+)\}/g)].map(([, param]) => ({ ...id, name: param }))
    const list: Record<string, unknown> = {}
    if (address.listPattern.includes('{')) list.parameters = pathParams(address.listPattern)
    if (collection.list !== false) {
      list.get = {
        summary: `A page of ${name}`,
        ...reads,
        parameters: [
          {
            ...paging[0],
            name: address.paging.page,
            schema: { type: 'integer', minimum: address.paging.firstIndex },
          },
          {
            ...paging[1],
            name: address.paging.size,
            schema: { type: 'integer', minimum: 1, maximum: address.paging.maxSize },
          },
        ],
        responses: {
          200: hal(`A page of ${name}`, `${t}Page`),
          ...notModified,
          ...problems(400, ...(address.parent ? [404] : []), ...readProblems),
        },
      }
    }
    if (address.writable) {
      list.post = {
        summary: `Create a record in ${name}`,
        security,
        requestBody: body,
        responses: {
          201: hal('Created', `${t}Resource`, { Location: header('The new record’s URL') }),
          ...problems(400, 401, 403, ...(address.parent ? [404] : []), 406, 409, 413, 415, 422),
        },
      }
    }
    if (list.get || list.post) paths[address.listPattern] = list
    const item: Record<string, unknown> = {
      parameters: pathParams(address.itemPattern),
      get: {
        summary: `A ${record}`,
        ...reads,
        responses: {
          200: hal(`The ${record}`, `${t}Resource`),
          ...notModified,
          ...problems(404, ...readProblems, 412),
        },
      },
    }
    paths[address.itemPattern] = item
    if (address.writable)
      Object.assign(item, {
        put: {
          summary: `Replace a ${record} (If-Match)`,
          security,
          requestBody: body,
          responses: {
            200: hal('Replaced', `${t}Resource`),
            ...problems(400, 401, 403, 404, 406, 412, 413, 415, 422),
          },
        },
        patch: {
          summary: `Change some fields of a ${record} (If-Match)`,
          security,
          requestBody: {
            required: true,
            content: {
              [MERGE_PATCH_JSON]: { schema: { type: 'object' } },
              [JSON_PATCH_JSON]: { schema: ref('JsonPatch') },
            },
          },
          responses: {
            200: hal('Changed', `${t}Resource`),
            ...problems(400, 401, 403, 404, 406, 409, 412, 413, 415, 422),
          },
        },
        delete: {
          summary: `Delete a ${record} (If-Match)`,
          security,
          responses: { 204: { description: 'Deleted' }, ...problems(401, 403, 404, 409, 412) },
        },
      })
    for (const back of reps.backLinks(name)) {
      paths[`${address.itemPattern}/${back.rel}`] = {
        parameters: pathParams(address.itemPattern),
        get: {
          summary: `The records of ${back.from} linked to this ${record}`,
          ...reads,
          parameters: paging,
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
    paths[path] = {
      ...paths[path],
      [route.method.toLowerCase()]: {
        summary: route.summary ?? `${route.method} ${path}`,
        ...(parameters.length > 0 ? { parameters } : {}),
        ...(route.access === 'write' ? { security } : route.access === 'public' ? {} : reads),
        responses: { default: { description: 'As the route answers' } },
      },
    }
  }
  pruneAnswers(schemas, answerSchemas, paths)
  return {
    openapi: '3.1.0',
    info: { title: definition.title ?? 'HAL API', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas,
      securitySchemes: schemes,
    },
  }
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
 * Drops the answers' schemas (`…Resource`, `…Page` and their definitions) that no path reaches,
 * those of collections the core does not serve: their routes answer in their own format.
 */
function pruneAnswers(
  schemas: Record<string, unknown>,
  answers: ReadonlySet<string>,
  paths: object,
): void {
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
  for (const name of answers) if (!reached.has(name)) delete schemas[name]
}

const refName = (pointer: string): string | undefined =>
  /^#\/components\/schemas\/(.+)$/.exec(pointer)?.[1]

/**
 * Each collection's type name (`order-lines` → `OrderLines`), made unique against the core's
 * schemas and the others' (with their `Resource` and `Page` variants).
 */
function typeNames(definition: HalApiDefinition): Map<string, string> {
  const taken = new Set(Object.keys(CORE_SCHEMAS))
  const names = new Map<string, string>()
  for (const name of Object.keys(definition.collections)) {
    let type = name.replace(/(?:^|[-_])(\w)/g, (_, letter: string) => letter.toUpperCase())
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
