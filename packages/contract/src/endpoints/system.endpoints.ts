import { z } from 'zod';
import { endpoint } from '../endpoint.js';

export const publicConfigSchema = z.object({
  product_name: z.string(),
  analytics_script_url: z.string().nullable(),
  database: z.enum(['sqlite', 'postgres']),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const systemEndpoints = {
  'system.health': endpoint({
    method: 'GET',
    path: '/api/health',
    role: 'anonymous',
    summary: '服务与数据库是否正常',
    input: z.object({}),
    output: z.object({ ok: z.boolean(), database: z.enum(['sqlite', 'postgres']) }),
  }),
  'system.ready': endpoint({
    method: 'GET',
    path: '/api/ready',
    role: 'anonymous',
    summary: '本进程是否可以接收请求：启动预热完成前和停止（排空）时回答 503；存活检查用 /api/health',
    input: z.object({}),
    output: z.object({ ready: z.literal(true) }),
  }),
  'system.config': endpoint({
    method: 'GET',
    path: '/api/config',
    role: 'anonymous',
    summary: '浏览器需要的公开配置',
    input: z.object({}),
    output: publicConfigSchema,
  }),
  'system.openapi': endpoint({
    method: 'GET',
    path: '/api/openapi.json',
    role: 'anonymous',
    summary: '由接口表生成的 OpenAPI 3.1 文档',
    input: z.object({}),
    output: z.string(),
    produces: 'application/json',
  }),
} as const;
