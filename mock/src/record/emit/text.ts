import { CONTROL_CHARACTERS } from '../../remote/printable.js'
import { key, literal } from '../infer/schema.js'

export const js = literal
export const camel = (name: string): string =>
  name
    .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))
    .replace(/^\d/, '_$&') || 'items'
export const template = (text: string): string =>
  text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${')

/**
 * Text for a `//` comment: a line break in a recorded name (a member, a rel) written as `\n`, since
 * a raw one would end the comment and make the rest of the name code that runs with the mock; the
 * other controls too (an ESC sequence would act on the terminal of whoever prints the file).
 */
export const comment = (text: string): string =>
  text.replace(CONTROL_CHARACTERS, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** A member read in TypeScript: `.name`, or `["a-b"]`. */
export const access = (member: string): string =>
  key(member) === member ? `.${member}` : `[${js(member)}]`
