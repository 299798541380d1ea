import type { RouteDef } from '@storecast/contract';
import { z } from 'zod';

const json = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;

const envelope = (data: Record<string, unknown>) => ({
  type: 'object',
  required: ['code', 'msg', 'data'],
  properties: {
    code: { type: 'integer', description: '100 success; 102 session gone; other values are errors' },
    msg: { type: 'string', description: "In the caller's language (Accept-Language)" },
    data,
  },
});

/** The OpenAPI document, generated from the same contract schemas that validate requests. */
export function buildOpenApi(routes: RouteDef[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const op: Record<string, unknown> = {
      tags: [r.tag],
      summary: r.summary,
      security: r.access === 'public' ? [] : [{ bearer: [] }],
      'x-access': r.access,
      responses: { 200: { description: 'Success envelope', content: { 'application/json': { schema: envelope(json(r.data, 'output')) } } } },
    };
    if (r.body) op.requestBody = { required: true, content: { 'application/json': { schema: json(r.body, 'input') } } };
    if (r.query) {
      const q = json(r.query, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      op.parameters = Object.entries(q.properties ?? {}).map(([name, schema]) => ({
        name, in: 'query', required: q.required?.includes(name) ?? false, schema,
      }));
    }
    (paths[`/api${r.path}`] ??= {})[r.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Storecast API', version },
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  };
}
