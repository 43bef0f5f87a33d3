/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const API_TARGET = 'http://127.0.0.1:3000';

/**
 * Stamps each build with an id: defined as `__BUILD_ID__` for the running code and
 * written to `dist/version.json`, which the hourly build check compares against.
 * The dev server and tests use "dev", which the build check ignores.
 */
function buildId(): Plugin {
  let id = 'dev';
  return {
    name: 'changdu-build-id',
    config(_config, env) {
      if (env.command === 'build') {
        id = process.env.BUILD_ID ?? `${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
      }
      return { define: { __BUILD_ID__: JSON.stringify(id) } };
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: `${JSON.stringify({ build_id: id })}\n` });
    },
  };
}

export default defineConfig({
  plugins: [react(), buildId()],
  server: {
    proxy: {
      '/api': API_TARGET,
      '/auth': API_TARGET,
      '/reader': API_TARGET,
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // Screen tests render whole routes; on a loaded two-core CI machine they need more than 5 s.
    testTimeout: 20_000,
  },
});
