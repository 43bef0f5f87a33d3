import fs from 'node:fs';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openDb } from './db/client.js';
import { migrateToLatest } from './db/migrate.js';
import { systemClock } from './lib/clock.js';
import { MINUTE } from './lib/clock.js';
import { openEcdict } from './modules/dictionary/index.js';
import { bootstrapAccounts } from './seed/bootstrap.js';
import { withStartupLock } from './db/startup-lock.js';

type ServerRole = 'api' | 'worker' | 'all';

function parseRole(argv: string[]): ServerRole {
  const arg = argv.find((a) => a.startsWith('--role='));
  const role = arg ? arg.slice('--role='.length) : 'all';
  if (role !== 'api' && role !== 'worker' && role !== 'all') {
    throw new ConfigError(`--role 只能是 api、worker 或 all（收到 "${role}"）`);
  }
  return role;
}

async function main() {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const role = parseRole(process.argv.slice(2));
  const config = loadConfig();
  const db = openDb(config.database, pino({ level: config.logLevel }));
  await migrateToLatest(db);

  const dict = openEcdict();
  const app = await buildApp({ config, db, dict });
  // Every process starting at once on an empty database: one does the first-start work, the
  // others wait for it and then find everything made (db/startup-lock.ts).
  await withStartupLock(db, async () => {
    const created = await bootstrapAccounts(db, config, systemClock);
    for (const account of created) {
      const label = account.role === 'super' ? '超级管理员 (super user)' : '演示读者 (demo reader)';
      const password = account.generated ? `${account.password}   ← 只显示这一次 (shown once)` : '(from ADMIN_PASSWORD)';
      process.stdout.write(
        `\n  ${label}\n    手机号 phone: ${account.phone}   用户名 username: ${account.username}\n    密码 password: ${password}\n`,
      );
    }
    if (config.seedDemo) {
      const origin = config.http.publicUrl?.replace(/\/$/, '') ?? `http://localhost:${config.http.port}`;
      const seeded = await app.seedDemoContent(`${origin}/api/demo/feed.xml`);
      if (seeded) process.stdout.write(`\n  已添加 ${seeded} 篇演示文章和演示订阅源 (demo articles and the demo feed)\n`);
    }
  });
  const close = async () => {
    // Readiness fails and late requests get the envelope's 503 at once; app.close() then stops
    // accepting, lets in-flight requests finish and gives the worker's task its grace period.
    app.lifecycle.drain();
    await app.close();
    await db.destroy();
    dict.close();
    process.exit(0);
  };
  // A shutdown that fails still ends the process, loudly and with a non-zero code.
  const onSignal = () => {
    close().catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  if (role !== 'api') {
    await app.jobs.start();
    const crawl = () => app.crawlDueFeeds().catch((error: unknown) => app.log.error({ err: error }, 'scheduled crawl failed'));
    // Uploads never imported go a token's lifetime after they arrived (docs/books.md).
    const expire = () => app.queueUploadExpiry().catch((error: unknown) => app.log.error({ err: error }, 'scheduled upload expiry failed'));
    const sets = () => app.queueLearnerSets().catch((error: unknown) => app.log.error({ err: error }, 'scheduled learner sets failed'));
    const periodic = () => Promise.all([crawl(), expire(), sets()]);
    await periodic();
    // Both catch and log their own failure, so the tick has nothing left to await.
    setInterval(() => void periodic(), 10 * MINUTE).unref();
  }
  if (role === 'worker') return;
  // Warm before the port opens: the first readers after a start do not pay for cold caches.
  await app.warmUp();
  const address = await app.listen({ port: config.http.port, host: config.http.host });
  const shown = address.replace('0.0.0.0', 'localhost').replace('[::]', 'localhost');
  process.stdout.write(`\n  畅读 Changdu is running at ${shown}  (database: ${db.dialect})\n\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
