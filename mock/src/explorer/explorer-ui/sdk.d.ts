// Types of `./sdk.js`, which the server answers with `@halyard/sdk`'s HAL and HAL-FORMS reading and
// its URI template expansion, bundled for the page (../sdk-bundle.ts): the SDK's own declarations,
// from its build (this project references the SDK's), so the page's types cannot drift from it.
export {
  expandTemplate,
  type Field,
  type FieldOption,
  type Representation,
  type Template,
} from '@halyard/sdk'
export { halFormsAdapter } from '@halyard/sdk/forms'
