import { createServer } from 'node:http'
import { listenLocal } from '../listen-local.js'

// A Spring HATEOAS-shaped API as its reference documents HAL-FORMS: asked for
// `application/prs.hal-forms+json`, an employee answers a `default` template (PUT) and a named
// one for DELETE, the employees' page one for POST; no PATCH template, though the server takes a
// merge patch (Spring Data REST does). Departments have no templates: an ALPS profile describes
// their writes. Pages from 0 in Spring Data REST's `page` object.

const HAL = 'application/hal+json'
const FORMS = 'application/prs.hal-forms+json'

/** The server on 127.0.0.1, port 0: 12 employees, 2 departments. */
export async function startSpringHateoasServer(): Promise<{
  origin: string
  close(): Promise<void>
}> {
  const employees = new Map<number, { name: string }>()
  for (let id = 1; id <= 12; id++) employees.set(id, { name: `Employee ${id}` })
  const departments = new Map([
    [1, { title: 'Engineering' }],
    [2, { title: 'Sales' }],
  ])
  const server = createServer((req, res) => {
    const base = `http://${req.headers.host}/api`
    const url = new URL(req.url ?? '/', base)
    const forms = (req.headers.accept ?? '').includes(FORMS)
    const send = (body: unknown, type = forms ? FORMS : HAL) => {
      res.writeHead(200, { 'content-type': type })
      res.end(req.method === 'HEAD' ? undefined : JSON.stringify(body))
    }
    const name = { name: 'name', prompt: 'Name', required: true }
    const page = (rel: string, all: [number, object][], templates: boolean) => {
      const number = Number(url.searchParams.get('page') ?? 0)
      const size = Number(url.searchParams.get('size') ?? 5)
      const pages = Math.ceil(all.length / size)
      const href = (p: number) => ({ href: `${base}/${rel}?page=${p}&size=${size}` })
      send({
        _embedded: {
          [rel]: all
            .slice(number * size, (number + 1) * size)
            .map(([id, r]) => ({ ...r, _links: { self: { href: `${base}/${rel}/${id}` } } })),
        },
        _links: {
          first: href(0),
          ...(number > 0 ? { prev: href(number - 1) } : {}),
          self: href(number),
          ...(number < pages - 1 ? { next: href(number + 1) } : {}),
          last: href(pages - 1),
          profile: { href: `${base}/profile/${rel}` },
        },
        page: { size, totalElements: all.length, totalPages: pages, number },
        ...(templates && forms
          ? { _templates: { default: { method: 'POST', properties: [name] } } }
          : {}),
      })
    }
    const path = url.pathname
    const employee = /^\/api\/employees\/(\d+)$/.exec(path)
    const department = /^\/api\/departments\/(\d+)$/.exec(path)
    const profile = /^\/api\/profile\/(employees|departments)$/.exec(path)
    if (path === '/api') {
      return send({
        _links: {
          employees: { href: `${base}/employees{?page,size,sort}`, templated: true },
          departments: { href: `${base}/departments{?page,size,sort}`, templated: true },
          profile: { href: `${base}/profile` },
        },
      })
    }
    if (path === '/api/employees') return page('employees', [...employees], true)
    if (path === '/api/departments') return page('departments', [...departments], false)
    if (employee && employees.has(Number(employee[1]))) {
      const self = `${base}/employees/${employee[1]}`
      return send({
        ...employees.get(Number(employee[1])),
        _links: { self: { href: self } },
        ...(forms
          ? {
              _templates: {
                default: { method: 'PUT', properties: [name] },
                deleteEmployee: { method: 'DELETE', properties: [] },
              },
            }
          : {}),
      })
    }
    if (department && departments.has(Number(department[1]))) {
      const self = `${base}/departments/${department[1]}`
      return send({ ...departments.get(Number(department[1])), _links: { self: { href: self } } })
    }
    if (profile) {
      const repo = profile[1]
      const verbs = ['create', 'update', 'patch', 'delete']
      return send(
        { alps: { descriptor: verbs.map((v) => ({ id: `${v}-${repo}`, type: 'UNSAFE' })) } },
        'application/alps+json',
      )
    }
    res.writeHead(404).end()
  })
  return listenLocal(server)
}
