// The appinfo module's public face: manager-edited app settings (WeCom contact, notice, app versions, product poster) and the WeChat calls.
export { appinfoService, type AppinfoService, type ProductPoster, compareVersions } from './appinfo.service.js';
export { appinfoRoutes } from './appinfo.routes.js';
