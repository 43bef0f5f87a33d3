import { describe, expect, it } from 'vitest';
import { fillPath, pathParams, routerPath } from './endpoint.js';
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
