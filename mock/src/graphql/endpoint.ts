/**
 * The query-language endpoint of the Blog API mock, `/api/v1.2/graphql` (CONTRACT §4): GraphQL
 * over HTTP, `POST` with a JSON body and `GET` with `?query=`. graphql-http speaks the protocol
 * (methods, media types, status codes); graphql-js parses, validates and executes. Only
 * web-standard APIs are used, so this runs in Node and in a browser service worker alike.
 *
 * @packageDocumentation
 */
import {
  GraphQLError,
  getOperationAST,
  getVariableValues,
  parse,
  specifiedRules,
  validate,
} from 'graphql'
import { createHandler, type HandlerOptions } from 'graphql-http/lib/use/fetch'
import {
  checkNodeLimit,
  createDepthLimitRule,
  DEFAULT_MAX_DEPTH,
  DEFAULT_MAX_NODES,
} from './limits.js'
import type { PersonDirectory } from './persons.js'
import { createPersonSchema } from './schema.js'

export type { PersonDirectory, PersonRecord } from './persons.js'

/**
 * The pre-execution limits of the endpoint; each defaults to the CONTRACT's value.
 *
 * @example
 * ```ts
 * const limits: GraphqlLimits = { maxDepth: 10, maxNodes: 10_000 }
 * ```
 */
export interface GraphqlLimits {
  /** Deepest allowed nesting of object fields; `person` is 1. Default 10. */
  maxDepth?: number
  /** Most Person nodes one operation may touch. Default 10 000. */
  maxNodes?: number
}

// Bounds on the document itself, checked while parsing: parsing runs before any limit can, so
// a huge or absurdly nested document must be stopped by the parser.
const parseOptions = {
  maxSourceLength: 256 * 1024,
  maxLexicalTokens: 20_000,
  maxComments: 1_000,
} as const

/**
 * Creates the `/api/v1.2/graphql` handler over `persons`. The returned function never rejects:
 * every request gets a Response, per the GraphQL-over-HTTP spec as graphql-http implements it
 * (405 for other methods and for mutations over GET, 415 for other body types, 400 for
 * unparsable JSON, `errors` for invalid documents — 400 under
 * `Accept: application/graphql-response+json`, 200 under `application/json`).
 * Operations deeper than `maxDepth` or touching more than `maxNodes` persons are refused before
 * execution.
 *
 * @example
 * ```ts
 * const graphql = createGraphqlEndpoint(createPersonDirectory(seedPersons))
 * const response = await graphql(
 *   new Request('http://localhost/api/v1.2/graphql', {
 *     method: 'POST',
 *     headers: { 'content-type': 'application/json' },
 *     body: JSON.stringify({ query: '{ person(id: "1") { name } }' }),
 *   }),
 * )
 * await response.json() // { data: { person: { name: '…' } } }
 * ```
 */
export function createGraphqlEndpoint(
  persons: PersonDirectory,
  limits: GraphqlLimits = {},
): (request: Request) => Promise<Response> {
  const maxDepth = positiveInteger('maxDepth', limits.maxDepth ?? DEFAULT_MAX_DEPTH)
  const maxNodes = positiveInteger('maxNodes', limits.maxNodes ?? DEFAULT_MAX_NODES)
  const schema = createPersonSchema(persons)
  const rules = [...specifiedRules, createDepthLimitRule(maxDepth)]

  // graphql-http's hook that runs before execution. It takes over parsing and validation so
  // that the node limit can be checked on a valid document with coerced variables; it answers
  // errors (graphql-http picks the status and media type) or the arguments to execute.
  const onSubscribe: NonNullable<HandlerOptions['onSubscribe']> = (request, params) => {
    try {
      const document = parse(params.query, parseOptions)
      const operation = getOperationAST(document, params.operationName)
      const args = {
        schema,
        document,
        operationName: params.operationName,
        variableValues: params.variables,
      }
      // A mutation over GET must answer 405 whatever the schema; graphql-http does so, without
      // executing, once it has the arguments. Validating first would answer 400 instead.
      if (operation?.operation === 'mutation' && request.method === 'GET') return args
      const invalid = validate(schema, document, rules)
      if (invalid.length > 0) return invalid
      // No single operation to run: graphql-http answers that itself.
      if (operation === undefined || operation === null) return args
      const coerced = getVariableValues(
        schema,
        operation.variableDefinitions ?? [],
        params.variables ?? {},
      )
      if (coerced.errors !== undefined) return coerced.errors
      const tooMany = checkNodeLimit(
        { schema, document, operation, variableValues: coerced.variableValues, persons },
        maxNodes,
      )
      return tooMany === undefined ? args : [tooMany]
    } catch (error) {
      return [asRequestError(error)]
    }
  }

  const handle = createHandler({ schema, onSubscribe })
  return async (request) => {
    try {
      return await handle(request)
    } catch {
      // graphql-http already turns its own failures into a 500; this is the last resort.
      return new Response(null, { status: 500, statusText: 'Internal Server Error' })
    }
  }
}

// Syntax errors are GraphQLErrors already; anything else (a stack overflow on a pathological
// document) is reported without its message or stack, which say nothing useful to a client.
function asRequestError(error: unknown): GraphQLError {
  if (error instanceof GraphQLError) return error
  return new GraphQLError('The document is too large or too deeply nested to be processed.', {
    extensions: { code: 'DOCUMENT_TOO_COMPLEX' },
  })
}

function positiveInteger(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new RangeError(`GraphqlLimits.${name} must be a positive integer, got ${value}`)
  }
  return value
}
