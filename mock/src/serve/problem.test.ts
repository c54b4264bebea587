import { describe, expect, it } from 'vitest'
import { Problem } from '../http/problem.js'
import { problemAnswer } from './problem.js'

describe('problemAnswer', () => {
  it('answers a Problem of another copy of the package with its status, not a 500', async () => {
    // A module given to `--api` may bring its own copy of @halyard/mock: another `Problem` class.
    // A query makes the module runner load the file again, as a module of its own.
    const specifier = '../http/problem.js?copy'
    const copy = (await import(specifier)) as {
      Problem: typeof Problem
    }
    expect(copy.Problem).not.toBe(Problem)
    const answer = problemAnswer(new copy.Problem(409, 'Taken.'), '/api/orders/1')
    expect(answer.status).toBe(409)
    expect(JSON.parse(answer.body as string)).toMatchObject({ status: 409, detail: 'Taken.' })
  })
})
