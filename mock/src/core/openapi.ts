import { HAL_FORMS_JSON } from '../hal/forms.js'
import { JSON_PATCH_JSON, MERGE_PATCH_JSON } from '../http/patch.js'
import { reasonPhrase } from '../http/reason-phrase.js'
import type { HalApiDefinition } from './definition.js'
import type { Representations } from './representation.js'
import { jsonSchemaOf } from './standard-schema.js'

/** An OpenAPI 3.1 document, as plain JSON. */
export type OpenApiDocument = { readonly openapi: '3.1.0' } & Record<string, unknown>

const HAL = 'application/hal+json'
const PROBLEM = 'application/problem+json'

/**
 * The OpenAPI 3.1 document of an API, generated from the same definition the routes come from:
 * a path per route, each collection's record schema (from its Standard JSON Schema when the
 * schema offers one), the HAL-FORMS variant of collections and items, both patch formats, the
 * token scheme, and problem details for every error.
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
  const schemas: Record<string, unknown> = {
    Problem: {
      type: 'object',
      properties: {
        type: { type: 'string' },
        title: { type: 'string' },
        status: { type: 'integer' },
        detail: { type: 'string' },
        instance: { type: 'string' },
        errors: {
          type: 'array',
          items: {
            type: 'object',
            properties: { pointer: { type: 'string' }, detail: { type: 'string' } },
          },
        },
      },
    },
    Links: { type: 'object', additionalProperties: true },
    JsonPatch: {
      type: 'array',
      items: {
        type: 'object',
        required: ['op', 'path'],
        properties: {
          op: { enum: ['add', 'remove', 'replace', 'move', 'copy', 'test'] },
          path: { type: 'string' },
          from: { type: 'string' },
          value: {},
        },
      },
    },
  }
  const problems = (...statuses: number[]) =>
    Object.fromEntries(
      statuses.map((status) => [
        String(status),
        {
          description: reasonPhrase(status) ?? 'Error',
          content: { [PROBLEM]: { schema: { $ref: '#/components/schemas/Problem' } } },
        },
      ]),
    )
  // HAL-FORMS clients get the same document with `_templates` (CONTRACT §3, ext).
  const hal = (description: string, ref: string, forms = true) => ({
    description,
    content: {
      [HAL]: { schema: { $ref: ref } },
      ...(forms && { [HAL_FORMS_JSON]: { schema: { $ref: ref } } }),
    },
  })
  const security = [{ token: [] }, { bearer: [] }]
  const id = { name: 'id', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } }
  const paging = [
    { name: 'page', in: 'query', schema: { type: 'integer', minimum: 0 } },
    { name: 'size', in: 'query', schema: { type: 'integer', minimum: 1 } },
  ]
  paths['/'] = {
    get: {
      summary: 'The API root: a link to every collection',
      responses: { 200: hal('The root', '#/components/schemas/Links', false) },
    },
  }
  for (const [name, collection] of Object.entries(definition.collections)) {
    const type = typeName(name)
    schemas[type] = jsonSchemaOf(collection.schema)
    // A collection the core does not serve is answered by the API's own routes (below).
    if (collection.serve === false) continue
    schemas[`${type}Page`] = {
      type: 'object',
      properties: {
        _links: { $ref: '#/components/schemas/Links' },
        _embedded: { type: 'object', additionalProperties: { type: 'array' } },
        page: {
          type: 'object',
          properties: {
            size: { type: 'integer' },
            totalElements: { type: 'integer' },
            totalPages: { type: 'integer' },
            number: { type: 'integer' },
          },
        },
      },
    }
    const record = `#/components/schemas/${type}`
    const body = { required: true, content: { 'application/json': { schema: { $ref: record } } } }
    paths[`/${name}`] = {
      get: {
        summary: `A page of ${name}`,
        parameters: paging,
        responses: { 200: hal(`A page of ${name}`, `${record}Page`), ...problems(400, 406) },
      },
      post: {
        summary: `Create a ${name} record`,
        security,
        requestBody: body,
        responses: {
          201: hal('Created; Location names it', record),
          ...problems(400, 401, 403, 413, 415, 422),
        },
      },
    }
    paths[`/${name}/{id}`] = {
      parameters: [id],
      get: {
        summary: `One ${name} record`,
        responses: {
          200: hal(`The ${name} record`, record),
          304: { description: 'Not Modified' },
          ...problems(404, 406),
        },
      },
      put: {
        summary: `Replace a ${name} record (If-Match)`,
        security,
        requestBody: body,
        responses: {
          200: hal('Replaced', record),
          ...problems(400, 401, 403, 404, 412, 413, 415, 422),
        },
      },
      patch: {
        summary: `Change some fields of a ${name} record (If-Match)`,
        security,
        requestBody: {
          required: true,
          content: {
            [MERGE_PATCH_JSON]: { schema: { type: 'object' } },
            [JSON_PATCH_JSON]: { schema: { $ref: '#/components/schemas/JsonPatch' } },
          },
        },
        responses: {
          200: hal('Changed', record),
          ...problems(400, 401, 403, 404, 409, 412, 413, 415, 422),
        },
      },
      delete: {
        summary: `Delete a ${name} record (If-Match)`,
        security,
        responses: { 204: { description: 'Deleted' }, ...problems(401, 403, 404, 409, 412) },
      },
    }
    for (const back of reps.backLinks(name)) {
      paths[`/${name}/{id}/${back.rel}`] = {
        parameters: [id],
        get: {
          summary: `The ${back.from} records linked to this ${name} record`,
          parameters: paging,
          responses: {
            200: hal(`A page of ${back.from}`, `#/components/schemas/${typeName(back.from)}Page`),
            ...problems(400, 404),
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
        ...(route.access === 'write' ? { security } : {}),
        responses: { default: { description: 'As the route answers' } },
      },
    }
  }
  return {
    openapi: '3.1.0',
    info: { title: definition.title ?? 'HAL API', version: '1.0.0' },
    servers: [{ url: serverUrl }],
    paths,
    components: {
      schemas,
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'X-Access-Token' },
        bearer: { type: 'http', scheme: 'bearer' },
      },
    },
  }
}

const typeName = (name: string): string =>
  name.replace(/(?:^|[-_])(\w)/g, (_, letter: string) => letter.toUpperCase())
