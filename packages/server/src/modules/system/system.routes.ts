import { buildOpenApi, endpoints, type PublicConfig } from '@changdu/contract';
import { sql } from 'kysely';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Handlers } from '../../http/register-endpoints.js';
import { Unavailable } from '../../lib/errors.js';

export const VERSION = '0.1.0';

export function publicConfig(config: Config, db: Db): PublicConfig {
  return { product_name: '畅读', analytics_script_url: config.analyticsScriptUrl, database: db.dialect, version: VERSION };
}

export function systemRoutes(config: Config, db: Db): Pick<Handlers, 'system.health' | 'system.config' | 'system.openapi'> {
  const openapi = JSON.stringify(buildOpenApi(endpoints, { title: '畅读 Changdu API', version: VERSION }));
  return {
    'system.health': async () => {
      try {
        await sql`select 1`.execute(db.kysely);
      } catch {
        throw new Unavailable('数据库暂时无法连接');
      }
      return { ok: true, database: db.dialect };
    },
    'system.config': async () => publicConfig(config, db),
    'system.openapi': async () => openapi,
  };
}
