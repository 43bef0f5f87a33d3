import type { Handlers } from '../../http/register-endpoints.js';
import type { UploadsService } from './uploads.service.js';

export function booksRoutes(uploads: UploadsService): Pick<Handlers, 'auth.uploadToken'> {
  return {
    'auth.uploadToken': (input, ctx) => uploads.issue(ctx.actor, input),
  };
}
