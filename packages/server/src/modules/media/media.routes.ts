import type { Config } from '../../config.js';
import type { Handlers } from '../../http/register-endpoints.js';
import type { demoService } from '../demo/index.js';
import type { ImagesService } from './images.service.js';

export function mediaRoutes(
  images: ImagesService,
  demo: ReturnType<typeof demoService>,
  config: Config,
): Pick<Handlers, 'media.image' | 'demo.feed' | 'demo.page'> {
  return {
    'media.image': async (input, ctx) => {
      const image = await images.render(input.name, input.w);
      // Names carry a content hash (covers) or never change (placeholders): cache for good.
      ctx.setHeader('cache-control', 'public, max-age=31536000, immutable');
      return image;
    },
    'demo.feed': async (_input, ctx) => demo.feed(config.http.publicUrl?.replace(/\/$/, '') ?? ctx.origin),
    'demo.page': async (input) => demo.page(input.slug),
  };
}
