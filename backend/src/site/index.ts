export { SiteModule } from './site.module';
export { StorefrontPages } from './storefront-pages';
export { securityHeaders, sendSecurityHeaders, contentSecurityPolicy } from './security-headers';
export { serveStaticAssets } from './static-assets';
export { allowWidgetOrigins } from './widget-cors';
export { startWidgetDemo, type WidgetDemo } from './widget-demo';
export { storefrontImagesDir } from './storefront-images';
