/**
 * Prints the resource types `ClientTypes` derives from a definition as standalone TypeScript for
 * `@halyard/sdk` (its `Rel`, `Form`, `State` and `Resource`), naming each resource: what
 * `@halyard/sdk/blog` ships, so that its declarations need neither `@halyard/mock` nor the
 * schema library the definition is written with. Each resource becomes one type alias; the
 * records' shapes are spelt out member by member.
 */
import { join } from 'node:path'
import ts from 'typescript'

/** What to print: a type exported by a module, its `ClientTypes`, and names for its resources. */
export interface PrintRequest {
  /** The repository's root (where `@halyard/mock` resolves to its sources). */
  readonly root: string
  /** `import type { <typeName> } from '<from>'`: a `ClientTypes<…>`. */
  readonly from: string
  readonly typeName: string
  /** Names of the root, and of the items and pages by collection; others are named after them. */
  readonly names: {
    readonly root: string
    readonly items: Readonly<Record<string, string>>
    readonly pages: Readonly<Record<string, string>>
  }
  /** The first lines of the file (a comment saying where it comes from). */
  readonly header: string
  /** Where the printed file imports the SDK's `AnyResource`, `Form`, `Rel`, `Resource`, `State`. */
  readonly imports: Readonly<Record<'AnyResource' | 'Form' | 'Rel' | 'Resource' | 'State', string>>
}

const KINDS = ['RootType', 'ItemType', 'PageType', 'BackPageType'] as const
type Kind = (typeof KINDS)[number]
const MEMBERS = ['data', 'rels', 'embedded', 'input', 'creates', 'actions'] as const

/**
 * The printed module.
 *
 * @example
 * printClientTypes({ root, from: '@halyard/mock', typeName: 'BlogClientTypes', names, header, imports })
 */
export function printClientTypes(request: PrintRequest): string {
  const entryPath = join(request.root, 'tools', '__client-types-entry.ts')
  const entryText = `import type { ${request.typeName} } from '${request.from}'\nexport type Entry = ${request.typeName}\n`
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    customConditions: ['@halyard/source'],
    types: [],
    skipLibCheck: true,
    noEmit: true,
  }
  const host = ts.createCompilerHost(options)
  const getSourceFile = host.getSourceFile.bind(host)
  host.getSourceFile = (fileName, version, ...rest) =>
    fileName === entryPath
      ? ts.createSourceFile(fileName, entryText, version)
      : getSourceFile(fileName, version, ...rest)
  const fileExists = host.fileExists.bind(host)
  host.fileExists = (fileName) => fileName === entryPath || fileExists(fileName)
  const program = ts.createProgram([entryPath], options, host)
  const errors = ts.getPreEmitDiagnostics(program, program.getSourceFile(entryPath))
  if (errors.length > 0) {
    throw new Error(ts.formatDiagnostics(errors, host))
  }
  const checker = program.getTypeChecker()
  const entry = program.getSourceFile(entryPath)
  const module = entry && checker.getSymbolAtLocation(entry)
  const alias = module && checker.getExportsOfModule(module).find((s) => s.name === 'Entry')
  if (!alias) throw new Error(`${request.typeName} is not exported by ${request.from}`)
  return new Printer(checker, program, request).print(checker.getDeclaredTypeOfSymbol(alias))
}

class Printer {
  readonly #names = new Map<ts.Type, string>()
  readonly #queue: ts.Type[] = []

  constructor(
    readonly checker: ts.TypeChecker,
    readonly program: ts.Program,
    readonly request: PrintRequest,
  ) {}

  print(types: ts.Type): string {
    const root = this.#member(types, 'root')
    this.#name(root)
    const out: string[] = []
    for (let next = this.#queue.shift(); next; next = this.#queue.shift()) {
      out.push(this.#resource(next))
    }
    const modules = new Map<string, string[]>()
    for (const [name, from] of Object.entries(this.request.imports)) {
      if (!out.some((text) => new RegExp(`\\b${name}\\b`).test(text))) continue
      modules.set(from, [...(modules.get(from) ?? []), name])
    }
    // Sorted by module, as the repository's linter orders imports.
    const imports = [...modules]
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([from, names]) => `import type { ${names.sort().join(', ')} } from '${from}'`)
    return [this.request.header, '', ...imports, '', out.join('\n\n'), ''].join('\n')
  }

  #member(type: ts.Type, name: string): ts.Type {
    const member = this.#maybe(type, name)
    if (!member) throw new Error(`no member ${name} in ${this.checker.typeToString(type)}`)
    return member
  }

  #maybe(type: ts.Type, name: string): ts.Type | undefined {
    const property = this.checker.getPropertyOfType(type, name)
    return property && this.checker.getTypeOfSymbol(property)
  }

  #kind(type: ts.Type): { kind: Kind; collection: string } | undefined {
    const name = type.getSymbol()?.getName()
    const kind = KINDS.find((k) => k === name)
    if (!kind) return undefined
    const args = this.checker.getTypeArguments(type as ts.TypeReference)
    const collection = args[1]?.isStringLiteral() ? args[1].value : ''
    return { kind, collection }
  }

  /** The name of a resource type, queued for printing the first time it is met. */
  #name(type: ts.Type): string {
    const known = this.#names.get(type)
    if (known) return known
    const resource = this.#kind(type)
    if (!resource) return 'AnyResource'
    const { names } = this.request
    const pascal = resource.collection.replace(/(^|[^A-Za-z0-9])([a-z0-9])/g, (_, __, c: string) =>
      c.toUpperCase(),
    )
    const name = {
      RootType: names.root,
      ItemType: names.items[resource.collection] ?? `${pascal}Item`,
      PageType: names.pages[resource.collection] ?? `${pascal}Page`,
      BackPageType: `${names.items[resource.collection] ?? pascal}ReferrerPage`,
    }[resource.kind]
    this.#names.set(type, name)
    this.#queue.push(type)
    return name
  }

  #resource(type: ts.Type): string {
    const name = this.#name(type)
    const lines = [`/** ${this.#summary(type)} */`, `export type ${name} = {`]
    for (const member of MEMBERS) {
      const value = this.#maybe(type, member)
      if (!value) continue
      lines.push(`  ${member}: ${this.#memberValue(member, value, '  ')}`)
    }
    lines.push('}')
    return lines.join('\n')
  }

  /** One line of TSDoc for a printed resource type: every public export has one. */
  #summary(type: ts.Type): string {
    const resource = this.#kind(type)
    const of = resource ? `\`${resource.collection}\`` : ''
    switch (resource?.kind) {
      case 'RootType':
        return "The API's root: the collections it links to."
      case 'ItemType':
        return `A record of ${of}: its data, links, embedded records and actions.`
      case 'PageType':
        return `A page of ${of}: its records embedded, and links to the other pages.`
      case 'BackPageType':
        return `The records of ${of} that link to one record, page by page.`
      default:
        return 'A resource of the API.'
    }
  }

  #memberValue(member: (typeof MEMBERS)[number], type: ts.Type, indent: string): string {
    if (member === 'data' || member === 'input') return this.#value(type, indent)
    if (type.flags & ts.TypeFlags.Never) return 'never'
    if (member === 'creates') {
      const input = this.#value(this.#member(type, 'input'), indent)
      const target = this.#member(type, 'target')
      return `{ input: ${input}; target: ${target.flags & ts.TypeFlags.Never ? 'never' : this.#name(target)} }`
    }
    const entries = this.checker.getPropertiesOfType(type).map((property) => {
      const value = this.checker.getTypeOfSymbol(property)
      const text =
        member === 'rels'
          ? this.#rel(value, `${indent}  `)
          : member === 'embedded'
            ? this.#name(value)
            : this.#form(value, `${indent}  `)
      return `${indent}  ${key(property.getName())}: ${text}`
    })
    return entries.length === 0 ? 'Record<never, never>' : `{\n${entries.join('\n')}\n${indent}}`
  }

  #rel(type: ts.Type, indent: string): string {
    const target = this.#name(this.#member(type, 'target'))
    const variables = this.#member(type, 'variables')
    const empty =
      this.checker.getPropertiesOfType(variables).length === 0 &&
      this.checker.getIndexInfosOfType(variables).length === 0
    return empty ? `Rel<${target}>` : `Rel<${target}, ${this.#value(variables, indent)}>`
  }

  #form(type: ts.Type, indent: string): string {
    const values = this.#value(this.#member(type, 'values'), indent)
    const result = this.#member(type, 'result')
    if (result.flags & ts.TypeFlags.Undefined) return `Form<${values}, undefined>`
    const returns = this.#member(result, 'returns')
    const of = this.#name(this.#member(result, 'of'))
    const kind = returns.isStringLiteral() && returns.value === 'state' ? 'State' : 'Resource'
    return `Form<${values}, ${kind}<${of}>>`
  }

  /** A record's shape (or a body's, or a template's variables), spelt out. */
  #value(type: ts.Type, indent: string): string {
    const { checker } = this
    const f = type.flags
    if (f & ts.TypeFlags.Never) return 'never'
    if (f & ts.TypeFlags.Unknown || f & ts.TypeFlags.Any) return 'unknown'
    if (f & ts.TypeFlags.String) return 'string'
    if (f & ts.TypeFlags.Number) return 'number'
    if (f & ts.TypeFlags.Boolean) return 'boolean'
    if (f & ts.TypeFlags.BigInt) return 'bigint'
    if (f & ts.TypeFlags.Null) return 'null'
    if (f & ts.TypeFlags.Undefined) return 'undefined'
    if (f & ts.TypeFlags.BooleanLiteral) return checker.typeToString(type)
    if (type.isStringLiteral()) return JSON.stringify(type.value)
    if (type.isNumberLiteral()) return String(type.value)
    if (type.isUnion()) {
      const parts = type.types.map((t) => this.#value(t, indent))
      const merged = parts.includes('true') && parts.includes('false')
      const unique = [
        ...new Set(
          merged ? [...parts.filter((p) => p !== 'true' && p !== 'false'), 'boolean'] : parts,
        ),
      ]
      // Absent values last, as people write them.
      const rank = (part: string) => (part === 'null' ? 1 : part === 'undefined' ? 2 : 0)
      return unique.sort((a, b) => rank(a) - rank(b)).join(' | ')
    }
    if (checker.isArrayType(type)) {
      const [element] = checker.getTypeArguments(type as ts.TypeReference)
      const text = element ? this.#value(element, indent) : 'unknown'
      const readonly = type.getSymbol()?.getName() === 'ReadonlyArray' ? 'readonly ' : ''
      return `${readonly}${/[|&]/.test(text) ? `(${text})` : text}[]`
    }
    if (checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(type as ts.TypeReference)
      return `[${elements.map((e) => this.#value(e, indent)).join(', ')}]`
    }
    const symbol = type.getSymbol()
    const declaration = symbol?.getDeclarations()?.[0]
    // A class or interface of the standard library (`Date`) by its name.
    if (
      symbol &&
      symbol.flags & (ts.SymbolFlags.Class | ts.SymbolFlags.Interface) &&
      declaration &&
      this.program.isSourceFileDefaultLibrary(declaration.getSourceFile())
    ) {
      return symbol.getName()
    }
    const lines = checker.getPropertiesOfType(type).map((property) => {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0
      let value = checker.getTypeOfSymbol(property)
      // An optional member's type holds the `undefined` of its absence: said by the `?` alone.
      if (optional && value.isUnion()) {
        const present = value.types.filter(
          (t) => !(t.flags & ts.TypeFlags.Undefined) || t === checker.getUndefinedType(),
        )
        if (present.length === 1 && present[0]) value = present[0]
        else if (present.length < value.types.length) {
          return `${indent}  ${key(property.getName())}?: ${present.map((t) => this.#value(t, `${indent}  `)).join(' | ')}`
        }
      }
      const text = this.#value(value, `${indent}  `)
      return `${indent}  ${key(property.getName())}${optional ? '?' : ''}: ${text}`
    })
    for (const info of checker.getIndexInfosOfType(type)) {
      lines.push(
        `${indent}  [key: ${checker.typeToString(info.keyType)}]: ${this.#value(info.type, `${indent}  `)}`,
      )
    }
    return lines.length === 0 ? 'Record<never, never>' : `{\n${lines.join('\n')}\n${indent}}`
  }
}

const key = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : `'${name}'`)
