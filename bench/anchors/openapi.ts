import { RECORD_PATH } from './record.js'

/**
 * An OpenAPI 3.1 document with the one operation Prism mocks: GET an article, whose example is
 * the record, so that Prism answers the same bytes as the other anchors.
 */
export function articleDocument(record: Record<string, unknown>): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Blog API v1.2 (one article, for the bench)', version: '1.2' },
    paths: {
      [RECORD_PATH]: {
        get: {
          operationId: 'getArticle',
          responses: {
            '200': {
              description: 'The article',
              content: {
                'application/hal+json': {
                  schema: {
                    type: 'object',
                    required: ['id', 'title', '_links'],
                    properties: {
                      id: { type: 'integer' },
                      title: { type: 'string' },
                      content: { type: 'string' },
                      _links: { type: 'object' },
                    },
                  },
                  example: record,
                },
              },
            },
          },
        },
      },
    },
  }
}
