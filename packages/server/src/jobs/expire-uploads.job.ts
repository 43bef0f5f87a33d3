import type { UploadsService } from '../modules/books/index.js';
import { handle } from './job.js';
import { expireUploadsKind } from './kinds.js';

/** Removes expired uploads no import took; answers how many went. */
export function expireUploadsJob(uploads: Pick<UploadsService, 'expire'>) {
  return handle(expireUploadsKind, async (_payload, ctx) => {
    const { removed } = await uploads.expire();
    await ctx.progress(100, `已清除 ${removed} 个过期未导入的上传`);
    return { removed };
  });
}
