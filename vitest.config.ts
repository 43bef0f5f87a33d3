import { defineConfig } from 'vitest/config';
import { serverProjects } from './packages/server/test/projects.js';

// One runner for every package: contract and server in Node, web in jsdom. The server's
// integration suite runs once per database (SQLite always, PostgreSQL when reachable).
export default defineConfig(async () => ({
  test: {
    projects: [
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        // What holds for the repository as a whole: installing it, its README.
        test: { name: 'repo', root: '.', include: ['test/*.test.ts'], environment: 'node' },
      },
      ...(await serverProjects()),
      './packages/web',
    ],
  },
}));
