// Types of `./uritemplate.js`, which the server answers with std-uritemplate's ES build (explorer.ts).
export { StdUriTemplate } from '@std-uritemplate/std-uritemplate'
