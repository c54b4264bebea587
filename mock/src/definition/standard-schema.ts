import { pointer } from '../http/body.js'
import { Problem } from '../http/problem.js'

/**
 * The part of the Standard Schema interface (standardschema.dev) the core uses, declared here as
 * the specification invites, so that zod, Valibot, ArkType or a hand-written schema all fit.
 * `jsonSchema` is Standard JSON Schema: when present, the OpenAPI document shows the records.
 */
export interface StandardSchema<Input = unknown, Output = Input> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    /** Checks a value: its output, or the issues found. */
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>
    readonly types?: { readonly input: Input; readonly output: Output } | undefined
    readonly jsonSchema?: {
      readonly input: JsonSchemaConverter
      readonly output?: JsonSchemaConverter
    }
  }
}

/** A Standard JSON Schema converter: the JSON Schema of a schema's input or output. */
type JsonSchemaConverter = (options: {
  readonly target: string
  readonly libraryOptions?: Record<string, unknown>
}) => Record<string, unknown>

/** What a Standard Schema's `validate` returns. */
export type StandardResult<Output> =
  | { readonly value: Output; readonly issues?: undefined }
  | { readonly issues: readonly StandardIssue[] }

/** One problem a Standard Schema found, located by a path of keys. */
export interface StandardIssue {
  readonly message: string
  readonly path?: readonly (PropertyKey | { readonly key: PropertyKey })[] | undefined
}

/** The input type of a Standard Schema. */
export type InferInput<S> = S extends StandardSchema<infer I, unknown> ? I : never
/** The output type of a Standard Schema. */
export type InferOutput<S> = S extends StandardSchema<unknown, infer O> ? O : never

/**
 * Validates `value`; a failure is a 422 problem whose `errors` locate each issue by JSON Pointer
 * (the first 100; the `detail` counts the others).
 *
 * @example
 * const fields = await validateBody(customer, body, 'customer')
 */
export async function validateBody<S extends StandardSchema>(
  schema: S,
  value: unknown,
  noun: string,
): Promise<InferOutput<S>> {
  const result = await schema['~standard'].validate(value)
  if (!result.issues) return result.value as InferOutput<S>
  const errors = result.issues.flatMap((issue) => {
    const path = (issue.path ?? []).map((key) => (typeof key === 'object' ? key.key : key))
    // Zod reports the unknown members of a strict object in one issue: a pointer at each.
    const { code, keys } = issue as { code?: unknown; keys?: unknown }
    if (code === 'unrecognized_keys' && Array.isArray(keys)) {
      return keys.map((key) => ({
        pointer: pointer([...path, String(key)]),
        detail: `${String(key)} is not a member of this resource`,
      }))
    }
    const detail =
      path.length === 0 && code === 'invalid_type'
        ? 'the body must be a JSON object'
        : issue.message
    return [{ pointer: pointer(path), detail }]
  })
  // A body of many bad members would get an answer many times its size: the first ones tell.
  const shown = errors.slice(0, MAX_ERRORS)
  const more = errors.length - shown.length
  const detail = `The request body is not a valid ${noun}.${more > 0 ? ` ${more} more errors are not listed.` : ''}`
  throw new Problem(422, detail, { errors: shown })
}

/** The most `errors` a 422 lists. */
const MAX_ERRORS = 100

/**
 * The JSON Schema (draft 2020-12, which OpenAPI 3.1 uses) of a schema's input (what a client
 * sends) or output (what the store keeps: defaults filled, transforms applied; the input's when
 * the schema offers no output), or `{}` (any value) when the schema does not offer one or cannot
 * convert. A member JSON cannot express (a zod `Date`) is any value rather than an error, as the
 * OpenAPI document and the HAL-FORMS templates need something for every schema.
 *
 * @example
 * jsonSchemaOf(z.object({ name: z.string() })) // { type: 'object', properties: … }
 */
export function jsonSchemaOf(
  schema: StandardSchema,
  io: 'input' | 'output' = 'input',
): Record<string, unknown> {
  const converters = schema['~standard'].jsonSchema
  const convert = converters && ((io === 'output' && converters.output) || converters.input)
  if (!convert) return {}
  try {
    // Zod's option name; other libraries ignore options that are not theirs.
    const libraryOptions = { unrepresentable: 'any' }
    const { $schema: _dialect, ...rest } = convert.call(converters, {
      target: 'draft-2020-12',
      libraryOptions,
    })
    return rest
  } catch {
    return {}
  }
}
