import type { Plugin } from 'vite';

/**
 * Adds `<link rel="preload">` for the fonts the first paint draws with (the hero's display face,
 * the body text), so the browser fetches them beside the stylesheet instead of after it; every
 * other face stays on demand (`font-display: swap` in its @font-face).
 */
export function preloadFonts(files: RegExp[]): Plugin {
  return {
    name: 'dark-circle:preload-fonts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const fonts = Object.keys(ctx.bundle ?? {}).filter((name) => name.endsWith('.woff2') && files.some((f) => f.test(name)));
        return fonts.map((name) => ({
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${name}`, crossorigin: '' },
          injectTo: 'head' as const,
        }));
      },
    },
  };
}
