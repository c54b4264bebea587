// @ts-check
/**
 * The HAL explorer's page script. Hash-routed (`/#/api/v1.2/blogs/1`, so Back and Forward work), it
 * reads a document of this server and shows its status, headers, links (templated ones as forms),
 * its HAL-FORMS templates (each a form with its properties' constraints), embedded resources and
 * JSON, and sends any POST, PUT, PATCH or DELETE. Whatever a response holds is put in the page with
 * `textContent`, never parsed as HTML.
 */
import { expandTemplate, halFormsAdapter } from './sdk.js'

/** @typedef {{ [member: string]: unknown }} JsonObject */
/** @typedef {{ href: string, templated?: boolean, title?: string, name?: string }} HalLink */
/** @typedef {import('./sdk.js').Field} FormProperty */
/** @typedef {import('./sdk.js').Template} FormTemplate */
/**
 * One request and what the server answered.
 * @typedef {object} Exchange
 * @property {string} method
 * @property {string} path
 * @property {number} status
 * @property {string} statusText
 * @property {Headers} headers
 * @property {unknown} body JSON when the type says so, else the text; undefined when empty.
 */

/** The API's root path: the server names it in the page (the Blog API's, or another API's). */
const API_ROOT =
  document.querySelector('meta[name="halyard-api-root"]')?.getAttribute('content') ?? '/api/v1.2'
// HAL-FORMS first: a document offering templates then carries them (`_templates`).
const ACCEPT =
  'application/prs.hal-forms+json, application/hal+json;q=0.9, application/json;q=0.8, */*;q=0.1'
const JSON_TYPE = 'application/json'
const MERGE_PATCH = 'application/merge-patch+json'
/**
 * Documents are read as the SDK reads them: HAL and HAL-FORMS, links under `_links` or `_link` (the
 * Blog API's pages), a bare `_embedded` array listed under `_embedded`.
 */
const reader = halFormsAdapter({ arrayEmbeddedRel: '_embedded', linkKeys: ['_links', '_link'] })
/** Longer texts than this are edited in a textarea. */
const LONG_TEXT = 1000
/** Relations that make a document a page of a collection, HAL's and the Blog API's spellings. */
const PAGING = /^(first|prev|previous|next|last)(Page)?$/
/** Where the access token is kept: this tab's sessionStorage, so a reload keeps it. */
const TOKEN_KEY = 'halyard-explorer:token'

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @param {{ new (): T }} type
 * @returns {T}
 */
function element(id, type) {
  const found = document.getElementById(id)
  if (!(found instanceof type)) throw new Error(`The explorer page has no #${id}.`)
  return found
}

const ui = {
  response: element('response', HTMLElement),
  addressForm: element('address-form', HTMLFormElement),
  address: element('address', HTMLInputElement),
  token: element('token', HTMLInputElement),
  status: element('status', HTMLParagraphElement),
  responseHeading: element('response-heading', HTMLHeadingElement),
  problem: element('problem', HTMLElement),
  problemHeading: element('problem-heading', HTMLHeadingElement),
  problemDetail: element('problem-detail', HTMLParagraphElement),
  problemErrors: element('problem-errors', HTMLUListElement),
  problemType: element('problem-type', HTMLParagraphElement),
  headers: element('headers', HTMLTableElement),
  links: element('links', HTMLElement),
  linkList: element('link-list', HTMLUListElement),
  curieList: element('curie-list', HTMLUListElement),
  embedded: element('embedded', HTMLElement),
  embeddedList: element('embedded-list', HTMLDivElement),
  documentBody: element('document-body', HTMLPreElement),
  writeForm: element('write-form', HTMLFormElement),
  writeMethod: element('write-method', HTMLSelectElement),
  writeUrl: element('write-url', HTMLInputElement),
  writeIfMatch: element('write-if-match', HTMLInputElement),
  writeType: element('write-type', HTMLInputElement),
  actions: element('actions', HTMLElement),
  actionList: element('action-list', HTMLDivElement),
  writeBody: element('write-body', HTMLTextAreaElement),
  writeAllow: element('write-allow', HTMLParagraphElement),
  writeSend: element('write-send', HTMLButtonElement),
}

/** The methods the write form may offer, when the resource's `Allow` lists them. */
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE']

/**
 * The last document read with GET: where the write form points, what PUT starts from, and where
 * its collection is (where a DELETE goes back to).
 * @type {{ path: string, fields: JsonObject, etag: string, up: string }}
 */
let current = { path: API_ROOT, fields: {}, etag: '', up: API_ROOT }
/** The GET under way, aborted when another request starts so an old answer never wins. */
/** @type {AbortController | undefined} */
let reading
/** Gives each variable input of the template forms its own id. */
let fieldCount = 0

// ---------------------------------------------------------------- values and URLs

/**
 * @param {unknown} value
 * @returns {value is JsonObject}
 */
const isObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value)

/** @param {unknown} value */
const text = (value) => (typeof value === 'string' ? value : undefined)

/** @param {unknown} error */
const reason = (error) => (error instanceof Error ? error.message : String(error))

/**
 * This server's path (with query) for an href, or undefined when it leads elsewhere: the explorer
 * reads this origin only, so the access token never leaves it. A path starting `//` is refused too,
 * since `fetch('//host/…')` would read it as another host.
 * @param {string} href
 */
function localPath(href) {
  try {
    const url = new URL(href, location.origin)
    const here = url.origin === location.origin && !url.pathname.startsWith('//')
    return here ? `${url.pathname}${url.search}` : undefined
  } catch {
    return undefined
  }
}

/**
 * An href an anchor may carry as it is: http(s) only, never `javascript:` or `data:`.
 * @param {string} href
 */
function webUrl(href) {
  try {
    const url = new URL(href, location.origin)
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined
  } catch {
    return undefined
  }
}

/**
 * Where a link of a document leads in the page: this server's documents through the hash router,
 * other web URLs as they are.
 * @param {string} href
 */
function routedHref(href) {
  const path = localPath(href)
  return path === undefined ? webUrl(href) : `#${path}`
}

/**
 * The variables of an RFC 6570 template, in order, each with whether the URL needs it: those of
 * the path (`{blogId}`, `{/id}`) do, those of a query or fragment (`{?pageIndex,pageSize}`, `{#f}`)
 * may be left out. Expansion itself is std-uritemplate's.
 * @param {string} template
 * @returns {Map<string, boolean>} name → required
 */
function templateVariables(template) {
  /** @type {Map<string, boolean>} */
  const variables = new Map()
  // `{` to the next `}` by indexOf, in one pass: a regex such as /\{([^}]*)\}/g scans to the end
  // from every `{` of an href of `{`s with no `}`.
  for (let open = template.indexOf('{'); open >= 0; ) {
    const close = template.indexOf('}', open + 1)
    if (close < 0) break
    const expression = template.slice(open + 1, close)
    open = template.indexOf('{', close + 1)
    const required = !/^[?&#]/.test(expression)
    for (const spec of expression.replace(/^[+#./;?&]/, '').split(',')) {
      const name = spec.trim().replace(/(:\d+|\*)$/, '')
      if (name !== '') variables.set(name, required || variables.get(name) === true)
    }
  }
  return variables
}

/**
 * The links of a HAL document, by relation, as the SDK reads them; a relation may hold one link or
 * an array of them.
 * @param {unknown} body
 * @returns {[string, HalLink[]][]}
 */
function linksOf(body) {
  return Object.entries(reader.read(body).links).map(([rel, value]) => [
    rel,
    (Array.isArray(value) ? value : [value]).filter(isLink),
  ])
}

/**
 * @param {unknown} value
 * @returns {value is HalLink}
 */
const isLink = (value) => isObject(value) && typeof value.href === 'string'

/**
 * The method the write form offers for a document: POST to a page of a collection (paging links or
 * an embedded list), PUT to any other document with a self link, POST otherwise.
 * @param {unknown} body
 */
function defaultMethod(body) {
  const hal = isObject(body) ? body : undefined
  const links = linksOf(hal)
  const embedded = hal?._embedded
  const isPage =
    links.some(([rel]) => PAGING.test(rel)) ||
    Array.isArray(embedded) ||
    (isObject(embedded) && Object.values(embedded).some(Array.isArray))
  const hasSelf = links.some(([rel, list]) => rel === 'self' && list.length > 0)
  return !isPage && hasSelf ? 'PUT' : 'POST'
}

/**
 * The curie prefixes of a document and their templated docs hrefs.
 * @param {[string, HalLink[]][]} links
 */
function curiesOf(links) {
  /** @type {Map<string, string>} */
  const curies = new Map()
  for (const [rel, list] of links) {
    if (rel !== 'curies') continue
    for (const curie of list) if (curie.name) curies.set(curie.name, curie.href)
  }
  return curies
}

/**
 * The documentation URL of a CURIE relation (`doc:articles` → its curie's href with `{rel}`).
 * @param {string} rel
 * @param {Map<string, string>} curies
 */
function curieDocs(rel, curies) {
  const colon = rel.indexOf(':')
  const template = colon > 0 ? curies.get(rel.slice(0, colon)) : undefined
  if (template === undefined) return undefined
  try {
    return webUrl(expandTemplate(template, { rel: rel.slice(colon + 1) }))
  } catch {
    return undefined
  }
}

/**
 * A document's own fields, without its links and embedded resources: what PUT sends back.
 * @param {unknown} body
 * @returns {JsonObject}
 */
function fieldsOf(body) {
  const { data } = reader.read(body)
  return isObject(data) ? data : {}
}

/**
 * The embedded resources of a document, grouped by relation, as the SDK reads them. The Blog API's
 * pages embed a bare array of articles, listed under `_embedded`.
 * @param {unknown} body
 * @returns {[string, JsonObject[]][]}
 */
function embeddedOf(body) {
  return Object.entries(reader.read(body).embedded).map(([rel, list]) => [
    rel,
    list.filter(isObject),
  ])
}

/**
 * The HAL-FORMS templates of a document, as the SDK reads them.
 * @param {unknown} body
 * @returns {readonly FormTemplate[]}
 */
const templatesOf = (body) => reader.read(body).templates ?? []

/**
 * What to call a resource in a list: its title, name or id, else its self href.
 * @param {JsonObject} resource
 * @param {string | undefined} self
 */
function nameOf(resource, self) {
  const id = resource.id
  return (
    text(resource.title) ??
    text(resource.name) ??
    (typeof id === 'number' || typeof id === 'string' ? `#${id}` : (self ?? '(unnamed)'))
  )
}

// ---------------------------------------------------------------- HTTP

/**
 * Sends one request to this server, with the token when one is filled in.
 * @param {string} method
 * @param {string} path A path of this server (see {@link localPath}).
 * @param {{ body?: string, contentType?: string, ifMatch?: string, signal?: AbortSignal }} [options]
 * @returns {Promise<Exchange>}
 */
async function exchange(method, path, options = {}) {
  const headers = new Headers({ accept: ACCEPT })
  const token = ui.token.value.trim()
  if (token !== '') headers.set('x-access-token', token)
  if (options.ifMatch) headers.set('if-match', options.ifMatch)
  /** @type {RequestInit} */
  const init = { method, headers, cache: 'no-store', credentials: 'same-origin' }
  if (options.body !== undefined) {
    headers.set('content-type', options.contentType || JSON_TYPE)
    init.body = options.body
  }
  if (options.signal) init.signal = options.signal
  const response = await fetch(`${location.origin}${path}`, init)
  const raw = await response.text()
  const type = response.headers.get('content-type') ?? ''
  return {
    method,
    path,
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: parseBody(raw, type),
  }
}

/**
 * @param {string} raw
 * @param {string} type
 * @returns {unknown}
 */
function parseBody(raw, type) {
  if (raw === '') return undefined
  if (!/[/+]json\b/i.test(type)) return raw
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

// ---------------------------------------------------------------- rendering

/**
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {string} [content] Text, never HTML.
 * @param {string} [className]
 * @returns {HTMLElementTagNameMap[K]}
 */
function el(tag, content, className) {
  const node = document.createElement(tag)
  if (content !== undefined) node.textContent = content
  if (className !== undefined) node.className = className
  return node
}

/**
 * @param {string} content
 * @param {string} href Already checked by {@link routedHref} or {@link webUrl}.
 */
function anchor(content, href) {
  const link = el('a', content)
  link.href = href
  return link
}

/** @param {string} message */
function announce(message) {
  ui.status.textContent = message
}

/** @param {Exchange} result */
function render(result) {
  renderAnswer(result)
  renderDocument(result.body)
}

/**
 * The answer's status line, headers and problem details; the panes of the document stay as they are.
 * @param {Exchange} result
 */
function renderAnswer(result) {
  announce(`${result.method} ${result.path} → ${result.status} ${result.statusText}`.trim())
  renderHeaders(result.headers)
  renderProblem(result)
}

/**
 * A document's links, embedded resources and JSON.
 * @param {unknown} body
 */
function renderDocument(body) {
  const hal = isObject(body) ? body : undefined
  renderLinks(hal)
  renderTemplates(templatesOf(body))
  renderEmbedded(body)
  ui.documentBody.textContent =
    body === undefined
      ? '(no body)'
      : typeof body === 'string'
        ? body
        : JSON.stringify(body, null, 2)
}

/**
 * @param {string} message
 * @param {boolean} clearDocument A failed read has no document to show; a failed write keeps it.
 */
function renderFailure(message, clearDocument) {
  announce(message)
  ui.problem.hidden = true
  renderHeaders(new Headers())
  if (!clearDocument) return
  renderLinks(undefined)
  renderTemplates([])
  renderEmbedded(undefined)
  ui.documentBody.textContent = ''
}

/** @param {Headers} headers */
function renderHeaders(headers) {
  const body = ui.headers.tBodies.item(0) ?? ui.headers.createTBody()
  /** @type {HTMLTableRowElement[]} */
  const rows = []
  headers.forEach((value, name) => {
    const row = el('tr')
    const cell = el('td')
    // Location and Content-Location lead to a document here: one click follows them.
    const href = name === 'location' || name === 'content-location' ? routedHref(value) : undefined
    cell.append(href === undefined ? value : anchor(value, href))
    row.append(el('th', name), cell)
    row.cells[0]?.setAttribute('scope', 'row')
    rows.push(row)
  })
  body.replaceChildren(...rows)
}

/** @param {Exchange} result */
function renderProblem(result) {
  const isProblem = (result.headers.get('content-type') ?? '').includes('problem+json')
  const problem = isProblem && isObject(result.body) ? result.body : undefined
  ui.problem.hidden = problem === undefined
  if (problem === undefined) return
  const status = typeof problem.status === 'number' ? problem.status : result.status
  ui.problemHeading.textContent = `Problem: ${text(problem.title) ?? 'Error'} (${status})`
  ui.problemDetail.textContent = text(problem.detail) ?? ''
  const errors = Array.isArray(problem.errors) ? problem.errors.filter(isObject) : []
  ui.problemErrors.replaceChildren(
    ...errors.map((error) => {
      const item = el('li')
      item.append(el('code', text(error.pointer) ?? ''), ` ${text(error.detail) ?? ''}`)
      return item
    }),
  )
  const type = text(problem.type)
  const typeUrl = type === undefined ? undefined : webUrl(type)
  ui.problemType.replaceChildren()
  if (type !== undefined) {
    ui.problemType.append('Type: ', typeUrl === undefined ? type : anchor(type, typeUrl))
  }
}

/** @param {JsonObject | undefined} hal */
function renderLinks(hal) {
  const links = linksOf(hal)
  const curies = curiesOf(links)
  /** @type {HTMLLIElement[]} */
  const items = []
  for (const [rel, list] of links) {
    if (rel === 'curies') continue
    for (const link of list) items.push(linkItem(rel, link, curies))
  }
  ui.linkList.replaceChildren(...items)
  ui.curieList.replaceChildren(
    ...[...curies].map(([name, href]) => {
      const item = el('li', `Curie ${name}: `)
      item.append(el('code', href))
      return item
    }),
  )
  showEmpty(ui.links, items.length === 0)
}

/**
 * One relation: a link to follow, or for a templated link a form with one field per variable.
 * @param {string} rel
 * @param {HalLink} link
 * @param {Map<string, string>} curies
 */
function linkItem(rel, link, curies) {
  const item = el('li')
  const line = el('div', undefined, 'link')
  const href = link.templated ? undefined : routedHref(link.href)
  line.append(href === undefined ? el('span', rel, 'rel') : anchor(rel, href))
  if (link.title) line.append(' ', el('span', link.title, 'link-title'))
  line.append(' ', el('code', link.href))
  const docs = curieDocs(rel, curies)
  if (docs !== undefined) {
    const docsLink = anchor('docs', docs)
    docsLink.setAttribute('aria-label', `docs for ${rel}`)
    line.append(' ', docsLink)
  }
  item.append(line)
  if (link.templated) item.append(templateForm(rel, link.href))
  return item
}

/**
 * @param {string} rel
 * @param {string} template
 */
function templateForm(rel, template) {
  const form = el('form', undefined, 'template')
  form.setAttribute('aria-label', rel)
  /** @type {Map<string, { input: HTMLInputElement, required: boolean, error: HTMLElement }>} */
  const inputs = new Map()
  for (const [name, required] of templateVariables(template)) {
    fieldCount += 1
    const input = el('input')
    input.id = `variable-${fieldCount}`
    input.name = name
    input.type = 'text'
    input.autocomplete = 'off'
    input.spellcheck = false
    const label = el('label', required ? `${name} (required)` : name)
    label.htmlFor = input.id
    const error = el('span', undefined, 'field-error')
    error.id = `${input.id}-error`
    error.hidden = true
    form.append(label, input, error)
    inputs.set(name, { input, required, error })
  }
  const button = el('button', `Follow ${rel}`)
  button.type = 'submit'
  form.append(button)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    /** @type {Record<string, string>} */
    const values = {}
    /** @type {HTMLInputElement[]} */
    const missing = []
    for (const [name, { input, required, error }] of inputs) {
      if (input.value !== '') values[name] = input.value
      // A path variable left empty would lead elsewhere (`/blogs/` for `/blogs/{blogId}`).
      const empty = required && input.value.trim() === ''
      error.hidden = !empty
      error.textContent = empty ? `${name} is required: the link's path needs it.` : ''
      if (empty) {
        input.setAttribute('aria-invalid', 'true')
        input.setAttribute('aria-describedby', error.id)
        missing.push(input)
      } else {
        input.removeAttribute('aria-invalid')
        input.removeAttribute('aria-describedby')
      }
    }
    if (missing.length > 0) {
      announce(`Cannot follow ${rel}: fill in ${missing.map((input) => input.name).join(', ')}.`)
      missing[0]?.focus()
      return
    }
    try {
      follow(expandTemplate(template, values))
    } catch (error) {
      announce(`Cannot expand ${template}: ${reason(error)}`)
    }
  })
  return form
}

// ---------------------------------------------------------------- HAL-FORMS templates

/**
 * A document's HAL-FORMS templates, each as a form of its own beside the raw request form.
 * @param {readonly FormTemplate[]} templates
 */
function renderTemplates(templates) {
  ui.actionList.replaceChildren(...templates.map((template) => actionForm(template)))
  showEmpty(ui.actions, templates.length === 0)
}

/**
 * One template as a form: an input per property with its constraints as HTML attributes (so the
 * browser checks them before sending), a select for inline options, the prompt as the label, and
 * the method and target it sends to. The server's 422 is shown beside the fields it names.
 * @param {FormTemplate} template
 */
function actionForm(template) {
  const { method, contentType } = template
  const title = template.title || template.name
  const target = template.target ?? current.path
  const form = el('form', undefined, 'action')
  form.setAttribute('aria-label', title)
  const request = el('p', undefined, 'action-request')
  request.append(el('code', `${method} ${target}`))
  if (method !== 'DELETE' && method !== 'GET') request.append(' as ', el('code', contentType))
  form.append(el('h3', title), request)
  /** @type {Map<string, { control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, property: FormProperty, error: HTMLElement }>} */
  const fields = new Map()
  for (const property of template.fields) {
    const control = propertyControl(property, method === 'POST' ? undefined : current.fields)
    // A checkbox always sends a value: checked or not, it is never an empty required field.
    const required = property.required && property.type !== 'checkbox'
    const label = el('label', `${property.prompt || property.name}${required ? ' (required)' : ''}`)
    label.htmlFor = control.id
    const error = el('span', undefined, 'field-error')
    error.id = `${control.id}-error`
    error.hidden = true
    form.append(label, control, error)
    fields.set(property.name, { control, property, error })
  }
  const button = el('button', title)
  button.type = 'submit'
  form.append(button)
  form.addEventListener('submit', (event) => {
    event.preventDefault()
    void submitAction(method, target, contentType, fields)
  })
  return form
}

/**
 * The control for one property, filled from the current document's field of the same name.
 * @param {FormProperty} property
 * @param {JsonObject | undefined} values
 */
function propertyControl(property, values) {
  fieldCount += 1
  const id = `action-field-${fieldCount}`
  const value = values?.[property.name]
  const checkbox = property.type === 'checkbox'
  const initial = checkbox
    ? String(value === true)
    : typeof value === 'string' || typeof value === 'number'
      ? String(value)
      : ''
  const options = property.options?.inline
  /** @type {HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement} */
  let control
  if (checkbox) {
    // A boolean: checked as the document says; `required` on a checkbox would demand a tick.
    const input = el('input')
    input.type = 'checkbox'
    input.checked = value === true
    control = input
  } else if (options) {
    const select = el('select')
    if (!property.required) select.append(new Option('', ''))
    for (const { prompt, value: option } of options) {
      select.append(new Option(prompt, option, false, option === initial))
    }
    control = select
  } else if ((property.maxLength ?? 0) > LONG_TEXT && property.regex === undefined) {
    const area = el('textarea')
    area.rows = 4
    area.value = initial
    control = area
  } else {
    const input = el('input')
    input.type = property.type === 'number' ? 'number' : 'text'
    input.value = initial
    if (property.min !== undefined) input.min = String(property.min)
    if (property.max !== undefined) input.max = String(property.max)
    if (property.regex !== undefined) input.pattern = property.regex
    control = input
  }
  control.id = id
  control.name = property.name
  control.dataset.initial = initial
  if (property.required && !checkbox) control.required = true
  if (property.readOnly && !(control instanceof HTMLSelectElement)) control.readOnly = true
  if (!(control instanceof HTMLSelectElement)) {
    if (property.minLength !== undefined) control.minLength = property.minLength
    if (property.maxLength !== undefined) control.maxLength = property.maxLength
    control.spellcheck = false
    control.autocomplete = 'off'
  }
  return control
}

/**
 * Sends a template's form: the filled properties (a merge patch sends only what changed, `null` for
 * a field emptied), with the current ETag as If-Match unless it creates.
 * @param {string} method
 * @param {string} target
 * @param {string} contentType
 * @param {Map<string, { control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, property: FormProperty, error: HTMLElement }>} fields
 */
async function submitAction(method, target, contentType, fields) {
  const path = localPath(target)
  if (path === undefined) {
    announce(`${target} is not on this server; the explorer sends to ${location.origin} only.`)
    return
  }
  const merge = contentType === MERGE_PATCH
  /** @type {JsonObject} */
  const values = {}
  for (const [name, { control, property, error }] of fields) {
    error.hidden = true
    error.textContent = ''
    control.removeAttribute('aria-invalid')
    control.removeAttribute('aria-describedby')
    const checkbox = control instanceof HTMLInputElement && control.type === 'checkbox'
    const raw = checkbox ? String(control.checked) : control.value
    if (merge && raw === control.dataset.initial) continue
    if (checkbox) {
      values[name] = control.checked
      continue
    }
    if (raw === '') {
      if (merge) values[name] = null
      continue
    }
    values[name] = property.type === 'number' ? Number(raw) : raw
  }
  reading?.abort()
  /** @type {{ body?: string, contentType?: string, ifMatch?: string }} */
  const options = method === 'POST' ? {} : { ifMatch: current.etag }
  if (method !== 'DELETE' && method !== 'GET') {
    options.body = JSON.stringify(values)
    options.contentType = contentType
  }
  announce(`Sending ${method} ${path}…`)
  try {
    const result = await exchange(method, path, options)
    if (result.status >= 400) {
      renderAnswer(result)
      showFieldErrors(result.body, fields)
      return
    }
    const etag = result.headers.get('etag')
    if (result.status === 200 && method !== 'POST' && method !== 'DELETE' && etag !== null) {
      current = { ...current, path, fields: fieldsOf(result.body), etag }
    }
    if (method === 'DELETE') return backToCollection(result)
    render(result)
    if (result.status === 201) showCreated(result)
  } catch (error) {
    renderFailure(`${method} ${path} failed: ${reason(error)}`, false)
  }
}

/**
 * Puts each error of a 422 beside the field its JSON pointer names (`/title` → the title field).
 * @param {unknown} body
 * @param {Map<string, { control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, error: HTMLElement }>} fields
 */
function showFieldErrors(body, fields) {
  const errors = isObject(body) && Array.isArray(body.errors) ? body.errors.filter(isObject) : []
  /** @type {HTMLElement | undefined} */
  let first
  for (const error of errors) {
    const name = (text(error.pointer) ?? '').split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~')
    const field = name === undefined ? undefined : fields.get(name)
    if (!field) continue
    field.error.hidden = false
    field.error.textContent = [field.error.textContent, text(error.detail) ?? '']
      .filter(Boolean)
      .join('; ')
    field.control.setAttribute('aria-invalid', 'true')
    field.control.setAttribute('aria-describedby', field.error.id)
    first ??= field.control
  }
  first?.focus()
}

/** @param {unknown} body The document whose embedded resources are listed. */
function renderEmbedded(body) {
  const groups = embeddedOf(body)
  ui.embeddedList.replaceChildren(
    ...groups.map(([rel, resources]) => {
      const group = el('div', undefined, 'embedded-group')
      const list = el('ul', undefined, 'resources')
      list.append(...resources.map(resourceItem))
      group.append(el('h3', `${rel} (${resources.length})`), list)
      return group
    }),
  )
  showEmpty(
    ui.embedded,
    groups.every(([, resources]) => resources.length === 0),
  )
}

/**
 * An embedded resource: a link to open it, and its fields and links on demand.
 * @param {JsonObject} resource
 */
function resourceItem(resource) {
  const item = el('li')
  const links = linksOf(resource)
  const self = links.find(([rel]) => rel === 'self')?.[1][0]?.href
  const name = nameOf(resource, self)
  const href = self === undefined ? undefined : routedHref(self)
  item.append(href === undefined ? el('span', name) : anchor(name, href))
  const details = el('details')
  details.append(el('summary', 'Fields and links'))
  const linkList = el('ul', undefined, 'links')
  for (const [rel, list] of links) {
    if (rel === 'curies' || rel === 'self') continue
    for (const link of list) {
      const target = link.templated ? undefined : routedHref(link.href)
      const entry = el('li')
      entry.append(target === undefined ? el('span', rel, 'rel') : anchor(rel, target))
      entry.append(' ', el('code', link.href))
      linkList.append(entry)
    }
  }
  details.append(linkList, el('pre', JSON.stringify(fieldsOf(resource), null, 2)))
  item.append(' ', details)
  return item
}

/**
 * Shows a section's "No …" line when it has nothing to list.
 * @param {HTMLElement} section
 * @param {boolean} empty
 */
function showEmpty(section, empty) {
  const line = section.querySelector('.empty')
  if (line instanceof HTMLElement) line.hidden = !empty
}

// ---------------------------------------------------------------- navigation

/**
 * Follows an href of a document, when it is on this server.
 * @param {string} href
 */
function follow(href) {
  const path = localPath(href)
  if (path === undefined) {
    announce(`${href} is not on this server; the explorer reads ${location.origin} only.`)
    return
  }
  if (location.hash === `#${path}`) void read(path, true)
  else location.hash = path // the hashchange reads it, and Back returns here
}

/** The document the address names: `#/api/v1.2/blogs/1`, the API root when there is none. */
function pathFromHash() {
  const raw = location.hash.slice(1)
  if (raw === '') return API_ROOT
  return raw.startsWith('/') ? localPath(raw) : undefined
}

/** @param {boolean} moveFocus */
function route(moveFocus) {
  const path = pathFromHash()
  if (path === undefined) {
    renderFailure(`The address must be a path on this server, like #${API_ROOT}.`, true)
    return
  }
  void read(path, moveFocus)
}

/**
 * GETs a document and shows it; the write form then points at it.
 * @param {string} path
 * @param {boolean} moveFocus After a click, focus moves to the answer for keyboard users.
 */
async function read(path, moveFocus) {
  reading?.abort()
  const controller = new AbortController()
  reading = controller
  ui.address.value = path
  ui.response.setAttribute('aria-busy', 'true')
  announce(`Loading ${path}…`)
  try {
    const result = await exchange('GET', path, { signal: controller.signal })
    const ok = result.status >= 200 && result.status < 300
    current = {
      path,
      fields: ok ? fieldsOf(result.body) : {},
      etag: (ok && result.headers.get('etag')) || '',
      up: collectionOf(result.body, path),
    }
    render(result)
    ui.writeUrl.value = path
    offerMethods(ok ? await allowedMethods(path, controller.signal) : undefined, result.body)
    prefillWrite()
    if (moveFocus) ui.responseHeading.focus()
  } catch (error) {
    if (!controller.signal.aborted) renderFailure(`GET ${path} failed: ${reason(error)}`, true)
  } finally {
    if (reading === controller) {
      reading = undefined
      ui.response.removeAttribute('aria-busy')
    }
  }
}

/**
 * The methods a resource allows (its `Allow`, asked with OPTIONS), or undefined when it does not
 * say: then every method is offered, as the server decides anyway.
 * @param {string} path
 * @param {AbortSignal} signal
 * @returns {Promise<string[] | undefined>}
 */
async function allowedMethods(path, signal) {
  try {
    const result = await exchange('OPTIONS', path, { signal })
    const allow = result.headers.get('allow')
    if (result.status >= 300 || allow === null) return undefined
    return allow.split(',').map((method) => method.trim().toUpperCase())
  } catch (error) {
    if (signal.aborted) throw error
    return undefined
  }
}

/**
 * Offers in the write form only the methods the resource allows, the document's default first
 * when it is one of them; with none, the form says so and cannot be sent.
 * @param {string[] | undefined} allow
 * @param {unknown} body
 */
function offerMethods(allow, body) {
  const offered = WRITE_METHODS.filter((method) => allow === undefined || allow.includes(method))
  for (const option of ui.writeMethod.options) {
    const shown = offered.includes(option.value)
    option.hidden = !shown
    option.disabled = !shown
  }
  const preferred = defaultMethod(body)
  ui.writeMethod.value = offered.includes(preferred) ? preferred : (offered[0] ?? '')
  const none = offered.length === 0
  ui.writeSend.disabled = none
  ui.writeAllow.hidden = !none
  ui.writeAllow.textContent = none
    ? `This resource takes no writes (Allow: ${(allow ?? []).join(', ')}).`
    : ''
}

/**
 * Where a document's collection is: its `collection` (or `up`) link on this server, else the path
 * one segment up (`/api/orders/7` → `/api/orders`).
 * @param {unknown} body
 * @param {string} path
 */
function collectionOf(body, path) {
  const links = linksOf(isObject(body) ? body : undefined)
  for (const rel of ['collection', 'up']) {
    const href = links.find(([name]) => name === rel)?.[1][0]?.href
    const local = href === undefined ? undefined : localPath(href)
    if (local !== undefined) return local
  }
  const bare = path.replace(/[?#].*$/, '').replace(/\/$/, '')
  const up = bare.slice(0, bare.lastIndexOf('/'))
  return up === '' ? API_ROOT : up
}

/**
 * After a DELETE that succeeded the resource is gone: the explorer goes back to its collection (a
 * new history entry) rather than staying on the deleted URL with its stale fields, and says so.
 * @param {Exchange} result
 */
async function backToCollection(result) {
  if (result.status >= 300) {
    render(result)
    return
  }
  const deleted = `${result.method} ${result.path} → ${result.status} ${result.statusText}`.trim()
  const up = result.path === current.path ? current.up : collectionOf(undefined, result.path)
  history.pushState(null, '', `#${up}`)
  await read(up, true)
  announce(`${deleted}; back to its collection, ${ui.status.textContent}`)
}

/**
 * Fills the write form for its method: PUT starts from the current document, POST and PATCH (a
 * merge patch) from `{}`.
 */
function prefillWrite() {
  const method = ui.writeMethod.value
  ui.writeIfMatch.value = method === 'POST' ? '' : current.etag
  ui.writeBody.disabled = method === 'DELETE'
  ui.writeType.disabled = method === 'DELETE'
  ui.writeType.value = method === 'DELETE' ? '' : method === 'PATCH' ? MERGE_PATCH : JSON_TYPE
  ui.writeBody.value =
    method === 'PUT'
      ? JSON.stringify(current.fields, null, 2)
      : method === 'POST' || method === 'PATCH'
        ? '{}'
        : ''
}

/** @param {SubmitEvent} event */
async function write(event) {
  event.preventDefault()
  const method = ui.writeMethod.value
  const path = localPath(ui.writeUrl.value.trim())
  if (path === undefined) {
    ui.writeUrl.setAttribute('aria-invalid', 'true')
    announce(`The URL must be on this server (${location.origin}).`)
    ui.writeUrl.focus()
    return
  }
  ui.writeUrl.removeAttribute('aria-invalid')
  reading?.abort()
  const body =
    method === 'DELETE' || ui.writeBody.value.trim() === '' ? undefined : ui.writeBody.value
  /** @type {{ body?: string, contentType?: string, ifMatch?: string }} */
  const options = { ifMatch: ui.writeIfMatch.value.trim() }
  if (body !== undefined) options.body = body
  if (body !== undefined) options.contentType = ui.writeType.value.trim()
  announce(`Sending ${method} ${path}…`)
  try {
    const result = await exchange(method, path, options)
    // A refused write changes nothing: the document's panes and the body being edited stay.
    if (result.status >= 400) {
      renderAnswer(result)
      return
    }
    const etag = result.headers.get('etag')
    // After a PUT or PATCH, the next one must match the new version, not the one read before.
    const changed = (method === 'PUT' || method === 'PATCH') && result.status === 200
    if (changed && etag !== null)
      current = { ...current, path, fields: fieldsOf(result.body), etag }
    if (method === 'DELETE') return backToCollection(result)
    render(result)
    if (changed && etag !== null) ui.writeIfMatch.value = etag
    if (result.status === 201) showCreated(result)
  } catch (error) {
    renderFailure(`${method} ${path} failed: ${reason(error)}`, false)
  }
}

/**
 * After a 201 the panes show the new resource: the address follows its Location (a new history
 * entry, so Back returns to the collection) and the write form points at it.
 * @param {Exchange} result
 */
function showCreated(result) {
  const location = result.headers.get('location')
  const path = location === null ? undefined : localPath(location)
  if (path === undefined) return
  const etag = result.headers.get('etag') ?? ''
  current = { path, fields: fieldsOf(result.body), etag, up: collectionOf(result.body, path) }
  // The new resource's templates target it and start from its fields.
  renderTemplates(templatesOf(result.body))
  // pushState fires no hashchange: the 201 stays on screen rather than a fresh GET of the same.
  history.pushState(null, '', `#${path}`)
  ui.address.value = path
  ui.writeUrl.value = path
  // The new resource allows other methods than its collection (PUT, DELETE): offer those.
  offerMethods(undefined, result.body)
  prefillWrite()
  void allowedMethods(path, new AbortController().signal).then((allow) => {
    if (current.path !== path) return
    offerMethods(allow, result.body)
    prefillWrite()
  })
}

/** The token this tab kept, if any (storage may be off: then the field starts empty). */
function storedToken() {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? ''
  } catch {
    return ''
  }
}

/** Keeps the token for this tab only (sessionStorage), never beyond it. */
function storeToken() {
  try {
    const token = ui.token.value
    if (token === '') sessionStorage.removeItem(TOKEN_KEY)
    else sessionStorage.setItem(TOKEN_KEY, token)
  } catch {
    // Without storage the token lives as long as the page.
  }
}

ui.addressForm.addEventListener('submit', (event) => {
  event.preventDefault()
  follow(ui.address.value.trim())
})
// A link to the document on screen fires no hashchange: read it again, as a fresh visit would.
document.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a') : null
  const href = link?.getAttribute('href')
  if (href === undefined || href === null || href !== location.hash || href === '') return
  const path = pathFromHash()
  if (path === undefined) return
  event.preventDefault()
  void read(path, true)
})
ui.writeMethod.addEventListener('change', prefillWrite)
ui.token.value = storedToken()
ui.token.addEventListener('input', storeToken)
ui.writeForm.addEventListener('submit', (event) => void write(event))
window.addEventListener('hashchange', () => route(true))

// The start page names its document, so the address can be copied and Back returns to it.
if (location.hash === '') history.replaceState(null, '', `#${API_ROOT}`)
route(false)
