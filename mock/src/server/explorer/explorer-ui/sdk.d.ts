// Types of `./sdk.js`, which the server answers with `@halyard/sdk`'s HAL and HAL-FORMS reading and
// its URI template expansion, bundled for the page (../sdk-bundle.ts). As the SDK declares them in
// sdk/src/adapter.ts, forms.ts and uri-template.ts; this project cannot include the SDK's sources.
export interface HalLink {
  href: string
  templated?: boolean
  title?: string
  name?: string
  type?: string
}
export interface FieldOption {
  prompt: string
  value: string
}
export interface Field {
  name: string
  type: string
  required: boolean
  readOnly: boolean
  prompt?: string
  placeholder?: string
  value?: unknown
  regex?: string
  min?: number | string
  max?: number | string
  step?: number
  minLength?: number
  maxLength?: number
  options?: {
    inline: readonly FieldOption[]
    link?: { href: string; templated?: boolean; type?: string }
    minItems?: number
    maxItems?: number
  }
}
export interface Template {
  name: string
  title?: string
  method: string
  contentType: string
  target?: string
  fields: readonly Field[]
}
export interface Representation {
  data: unknown
  links: Record<string, HalLink | HalLink[]>
  embedded: Record<string, unknown[]>
  templates?: readonly Template[]
}
export function halFormsAdapter(options?: {
  linkKeys?: readonly string[]
  arrayEmbeddedRel?: string
}): { readonly accept: string; read(body: unknown): Representation }
export function expandTemplate(template: string, variables?: Record<string, unknown>): string
