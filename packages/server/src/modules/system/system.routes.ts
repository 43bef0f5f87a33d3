import { buildOpenApi, endpoints, type PublicConfig } from '@changdu/contract';
import type { Config } from '../../config.js';
import { ping, type Db } from '../../db/client.js';
import type { Handlers } from '../../http/register-endpoints.js';
import type { Lifecycle } from '../../http/lifecycle.js';
import { Unavailable } from '../../lib/errors.js';

export const VERSION = '0.1.0';

export function publicConfig(config: Config, db: Db): PublicConfig {
  return { product_name: '畅读', analytics_script_url: config.analyticsScriptUrl, database: db.dialect, version: VERSION };
}

/** The OpenAPI document: the contract's alone, so written once per process however many apps it builds. */
let openapi: string | undefined;

export function systemRoutes(
  config: Config,
  db: Db,
  life: Pick<Lifecycle, 'state'>,
): Pick<Handlers, 'system.health' | 'system.ready' | 'system.config' | 'system.openapi'> {
  openapi ??= JSON.stringify(buildOpenApi(endpoints, { title: '畅读 Changdu API', version: VERSION }));
  const document = openapi;
  return {
    'system.health': async () => {
      try {
        await ping(db);
      } catch {
        throw new Unavailable('数据库暂时无法连接');
      }
      return { ok: true, database: db.dialect };
    },
    // Readiness, for a balancer: no database round trip (that is liveness's question), only whether
    // this process has warmed up and is not stopping.
    'system.ready': async () => {
      if (life.state === 'starting') throw new Unavailable('服务正在启动，请稍后再试');
      if (life.state === 'draining') throw new Unavailable('服务正在重启，请稍后再试');
      return { ready: true as const };
    },
    'system.config': async () => publicConfig(config, db),
    'system.openapi': async () => document,
  };
}
