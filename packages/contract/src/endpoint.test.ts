import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describedPath, endpoint, fillPath, inQuery, pathParams, requestParts, routerPath, type Endpoint } from './endpoint.js';
import { endpoints } from './endpoints/index.js';
import { buildOpenApi } from './openapi.js';

describe('endpoint paths', () => {
  it('finds path params, including optional ones', () => {
    expect(pathParams('/reader/article/{id}/show')).toEqual(['id']);
    expect(pathParams('/book/{id?}/read')).toEqual(['id']);
  });

  it('turns spec paths into router paths', () => {
    expect(routerPath('/reader/article/{id}/notes/add')).toBe('/reader/article/:id/notes/add');
  });

  it('fills params and returns the remaining fields', () => {
    expect(fillPath('/reader/article/{id}/mark', { id: 5, action: 'star' })).toEqual({
      url: '/reader/article/5/mark',
      rest: { action: 'star' },
    });
  });

  it('encodes params and refuses missing ones', () => {
    expect(fillPath('/reader/myword/{word}/show', { word: 'a b' }).url).toBe('/reader/myword/a%20b/show');
    expect(() => fillPath('/reader/article/{id}/show', {})).toThrow(/id/);
  });
});

describe('the endpoint table', () => {
  it('has one entry per method and path', () => {
    const keys = Object.values(endpoints).map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('generates an OpenAPI document with every endpoint', () => {
    const doc = buildOpenApi(endpoints, { title: 't', version: '1' });
    const operations = Object.values(doc.paths).flatMap((p) => Object.keys(p));
    expect(operations).toHaveLength(Object.keys(endpoints).length);
    expect(doc.paths['/auth/login']).toHaveProperty('post.requestBody');
    expect(doc.paths['/reader/visitor']).toHaveProperty('get.x-role', 'manager');
  });
});

describe('query fields of a POST', () => {
  const retranslate = endpoints['ai.retranslate'] as Endpoint;

  it('places path, query and body fields where the request carries them', () => {
    expect(requestParts(retranslate, { id: 7, ai: true, cache: false })).toEqual({
      url: '/reader/article/7/retranslate',
      query: { ai: true, cache: false },
      body: {},
    });
    expect(requestParts(endpoints['ai.ask'], { prompt: 'why?', stream: true })).toEqual({
      url: '/api/ai/ask',
      query: {},
      body: { prompt: 'why?', stream: true },
    });
    expect(requestParts(endpoints['ai.summary'], { article_id: 3, stream: true }).body).toBeNull();
  });

  it('reads them as text, with their defaults', () => {
    expect(retranslate.input.parse({ id: '7', ai: 'true' })).toEqual({ id: 7, ai: true, cache: true });
    expect(retranslate.input.safeParse({ id: '7', ai: 'maybe' }).success).toBe(false);
  });

  it('are described as the spec writes them, in contract:list and OpenAPI', () => {
    expect(describedPath(retranslate)).toBe('/reader/article/{id}/retranslate?ai&cache');
    const doc = buildOpenApi({ 'ai.retranslate': retranslate }, { title: 't', version: '1' });
    const op = doc.paths['/reader/article/{id}/retranslate']!.post as {
      parameters: { name: string; in: string }[];
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(op.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['path:id', 'query:ai', 'query:cache']);
    expect(op.requestBody.content['application/json']!.schema.properties).toEqual({});
  });

  it('are declared only on a POST, and only for its non-path input fields', () => {
    const base = { method: 'POST' as const, path: '/x/{id}', role: 'user' as const, summary: 'x', output: z.object({}) };
    const input = z.object({ id: z.number(), a: z.boolean() });
    expect(() => endpoint({ ...base, input, query: ['a'] })).not.toThrow();
    expect(() => endpoint({ ...base, input, query: ['b'] })).toThrow(/b/);
    expect(() => endpoint({ ...base, input, query: ['id'] })).toThrow(/id/);
    expect(() => endpoint({ ...base, method: 'GET', input, query: ['a'] })).toThrow(/POST/);
  });
});

describe('fields on the wire', () => {
  const table = Object.entries(endpoints) as [string, Endpoint][];

  it('reads every query and path field as text: no field there expects a JSON number or boolean', () => {
    for (const [name, ep] of table) {
      const schema = z.toJSONSchema(ep.input, { io: 'input', unrepresentable: 'any' }) as {
        properties?: Record<string, { type?: string }>;
      };
      const params = pathParams(ep.path);
      for (const [field, prop] of Object.entries(schema.properties ?? {})) {
        if (!inQuery(ep, field) && !params.includes(field)) continue;
        expect(['number', 'integer', 'boolean'], `${name}.${field}`).not.toContain(prop.type);
      }
    }
  });

  it('answers the probe of issue 9: a review rated `true` with spent `[5]` is refused', () => {
    const r = endpoints['words.review'].input.safeParse({ id: '3', rating: true, spent: [5] });
    expect(r.error?.issues[0]?.message).toBe('rating 必须是 1–4');
    expect(endpoints['words.review'].input.safeParse({ id: '01', rating: 1 }).error?.issues[0]?.message).toBe('卡片 id 必须是整数');
  });

  it('lets only anonymous endpoints be cached, briefly', () => {
    for (const [name, ep] of table) {
      if (!ep.cache) continue;
      expect(ep.role, name).toBe('anonymous');
      expect(ep.method, name).toBe('GET');
      expect(ep.cache.maxAge, name).toBeLessThanOrEqual(300);
    }
  });

  it('replays only answers that pass no rate limit and read no request header', () => {
    const replayed = table.filter(([, ep]) => ep.cache?.replay).map(([name]) => name);
    expect(replayed).toEqual(['dict.word']);
    for (const [name, ep] of table) {
      if (!ep.cache?.replay) continue;
      expect(ep.rateLimit, name).toBeUndefined();
      expect(ep.cache.vary, name).toBeUndefined();
      expect(ep.stream, name).toBeUndefined();
      expect(ep.produces, name).toBeUndefined();
    }
  });
});
