// The demo module's public face: the demo feed the app serves itself, and first-start demo content.
export { demoService } from './demo.service.js';
export { seedDemoContent, type DemoSeedDeps } from './demo-content.js';
export { demoArticles, type DemoArticle } from './demo-articles.js';
