import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const read = (file: string) => fs.readFileSync(path.join(ROOT, file), 'utf8');

interface LockedPackage {
  version?: string;
  engines?: unknown;
}

/**
 * Packages of a lockfile whose `engines.node` refuses `node`: what `npm install` warns about
 * (EBADENGINE) on the oldest Node the project says it runs on.
 */
export function refusing(lock: { packages: Record<string, LockedPackage> }, node: string): string[] {
  return Object.entries(lock.packages).flatMap(([where, pkg]) => {
    const engines = pkg.engines as { node?: unknown } | undefined;
    const range = typeof engines?.node === 'string' ? engines.node : null;
    return range && !semver.satisfies(node, range) ? [`${where.replace(/^.*node_modules\//, '')}@${pkg.version}: node ${range}`] : [];
  });
}

describe('installing on the Node the README names', () => {
  const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
  const oldest = semver.minVersion(engines)!.version;

  it('names one oldest Node in package.json, the README and CI', () => {
    const [major, minor] = oldest.split('.');
    expect(read('README.md')).toContain(`Node.js ${major}.${minor}+`);
  });

  it('installs no package that needs a newer Node (no engine warning from npm install)', () => {
    expect(refusing(JSON.parse(read('package-lock.json')), oldest)).toEqual([]);
  });

  it('would have caught cookie@2 and content-disposition@3, which need Node 22', () => {
    const lock = {
      packages: {
        'node_modules/cookie': { version: '2.0.0', engines: { node: '>=22' } },
        'node_modules/content-disposition': { version: '3.0.0', engines: { node: '>= 22' } },
        'node_modules/fine': { version: '1.0.0', engines: { node: '>=18' } },
      },
    };
    expect(refusing(lock, oldest)).toEqual(['cookie@2.0.0: node >=22', 'content-disposition@3.0.0: node >= 22']);
  });
});
