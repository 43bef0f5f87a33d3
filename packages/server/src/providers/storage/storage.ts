import fs from 'node:fs/promises';
import path from 'node:path';

/** Where files live (covers, resized images, later audio and PDFs). Default: a local folder. */
export interface Storage {
  put(key: string, data: Buffer): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export function localStorage(root: string): Storage {
  const file = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key ${key}`);
    return path.join(root, key);
  };
  return {
    async put(key, data) {
      const target = file(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Write then rename, so a reader never sees half a file.
      const temp = `${target}.${process.pid}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
    },
    async get(key) {
      try {
        return await fs.readFile(file(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
  };
}
