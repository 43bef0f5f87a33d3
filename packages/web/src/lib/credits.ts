/**
 * What the About screen credits under "数据与许可". Bundled data sources (dictionary,
 * word lists) join the `data` group as they are added; a group without items is not shown.
 */
export interface Credit {
  name: string;
  /** What it does for the product, in Chinese. */
  role: string;
  licence: string;
  url: string;
}

export interface CreditGroup {
  id: 'data' | 'software';
  title: string;
  items: Credit[];
}

export const creditGroups: CreditGroup[] = [
  { id: 'data', title: '词典与数据', items: [] },
  {
    id: 'software',
    title: '开源软件',
    items: [
      { name: 'React', role: '界面框架', licence: 'MIT', url: 'https://react.dev' },
      { name: 'React Router', role: '页面路由', licence: 'MIT', url: 'https://reactrouter.com' },
      { name: 'TanStack Query', role: '数据请求与缓存', licence: 'MIT', url: 'https://tanstack.com/query' },
      { name: 'Vite', role: '前端构建', licence: 'MIT', url: 'https://vite.dev' },
      { name: 'Fastify', role: '服务端框架', licence: 'MIT', url: 'https://fastify.dev' },
      { name: 'SQLite', role: '默认数据库', licence: '公有领域（Public Domain）', url: 'https://sqlite.org' },
      { name: 'PostgreSQL', role: '可选数据库', licence: 'PostgreSQL License', url: 'https://www.postgresql.org' },
      { name: 'Kysely', role: '数据库查询', licence: 'MIT', url: 'https://kysely.dev' },
      { name: 'zod', role: '接口数据校验', licence: 'MIT', url: 'https://zod.dev' },
    ],
  },
];
