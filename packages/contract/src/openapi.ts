import { z } from 'zod';
import { inQuery, pathParams, type Endpoint } from './endpoint.js';
import { envelopeSchema } from './envelope.js';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Coercions and preprocessors have no JSON Schema form; they are documented as "any".
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** An OpenAPI 3.1 document generated from the endpoint table. */
export function buildOpenApi(table: Record<string, Endpoint>, info: { title: string; version: string }) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, ep] of Object.entries(table)) {
    const params = pathParams(ep.path);
    const input = jsonSchema(ep.input, 'input');
    const props = (input.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((input.required as string[] | undefined) ?? []);
    const parameters = [
      ...params.map((p) => ({ name: p, in: 'path', required: true, schema: props[p] ?? { type: 'string' } })),
      ...Object.entries(props)
        .filter(([k]) => !params.includes(k) && inQuery(ep, k))
        .map(([k, schema]) => ({ name: k, in: 'query', required: required.has(k), schema })),
    ];
    const inBody = (k: string) => !params.includes(k) && !inQuery(ep, k);
    const bodyProps = Object.fromEntries(Object.entries(props).filter(([k]) => inBody(k)));
    const success = ep.produces
      ? { [ep.produces]: { schema: { type: 'string' } } }
      : { 'application/json': { schema: jsonSchema(envelopeSchema(ep.output), 'output') } };
    paths[ep.path] ??= {};
    paths[ep.path]![ep.method.toLowerCase()] = {
      operationId: name,
      summary: ep.summary,
      'x-role': ep.role,
      parameters,
      ...(ep.method === 'POST'
        ? {
            requestBody: {
              required: false,
              content: {
                'application/json': {
                  schema: { type: 'object', properties: bodyProps, required: [...required].filter(inBody) },
                },
              },
            },
          }
        : {}),
      responses: {
        '200': { description: 'ok', content: success },
        default: {
          description: '错误：status.code 与 HTTP 状态一致',
          content: { 'application/json': { schema: jsonSchema(envelopeSchema(z.null()), 'output') } },
        },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'bb_token cookie 中的登录令牌' } },
    },
    security: [{ bearer: [] }, {}],
    paths,
  };
}
