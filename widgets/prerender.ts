import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';

/** Where `npm run build` puts the server build of src/entry-prerender.tsx before the browser build. */
export const PRERENDER_OUT_DIR = 'node_modules/.dc-prerender';

/** A page the build draws ahead of time, and the lazily loaded page module its route shows. */
export interface PrerenderedPage {
  /** File name under dist/prerendered/ (the shop's server picks it by path). */
  name: string;
  /** URL rendered; a product page renders its loading state whatever the id. */
  url: string;
  /** The page module (src/pages/*.tsx) the route loads lazily, preloaded beside the entry; none for the home page. */
  page?: string;
}

/**
 * Writes `dist/prerendered/<name>.html` for each page: index.html with the page's first render
 * (before any data arrives) inside #root, so the browser paints the header, the hero and the
 * skeletons from the HTML alone, before any script has run; the script then hydrates that HTML.
 * Each page also preloads its route's lazy chunk and stylesheets, which would otherwise be found
 * only once the entry script had run. index.html itself stays the empty shell for every other path.
 */
export function prerenderPages(pages: PrerenderedPage[]): Plugin {
  let root = process.cwd();
  return {
    name: 'dark-circle:prerender',
    apply: (config) => !config.build?.ssr,
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (!index || index.type !== 'asset') throw new Error('prerender: index.html is missing from the bundle');
      const template = String(index.source);
      if (!template.includes('<div id="root"></div>')) throw new Error('prerender: index.html has no empty <div id="root">');
      const entry = pathToFileURL(resolve(root, PRERENDER_OUT_DIR, 'entry-prerender.js')).href;
      const built = (await import(`${entry}?t=${Date.now()}`)) as { render: (url: string) => Promise<string>; entryPages: PrerenderedPage[] };
      const { render } = built;
      // Pages the entry knows of from data (the categories'), after the config's own.
      for (const page of [...pages, ...built.entryPages]) {
        // React writes the page's <title> first; it belongs in the head. The shell has none: React
        // adds its own before a title it cannot adopt, and the shell's would stay as a second.
        const rendered = await render(page.url);
        const title = /^<title>.*?<\/title>/.exec(rendered)?.[0];
        if (!title) throw new Error(`prerender: ${page.url} renders no <title>`);
        const markup = rendered.slice(title.length);

        const head = title + (page.page ? preloadTags(bundle, resolve(root, page.page)) : '');
        const html = template.replace('</head>', `${head}</head>`).replace('<div id="root"></div>', `<div id="root">${markup}</div>`);
        this.emitFile({ type: 'asset', fileName: join('prerendered', `${page.name}.html`), source: html });
      }
    },
  };
}

/** modulepreload for the page's chunk and the chunks it imports, preload for its stylesheets. */
function preloadTags(bundle: OutputBundle, modulePath: string): string {
  const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
  const page = chunks.find((c) => c.facadeModuleId === modulePath);
  if (!page) throw new Error(`prerender: no chunk for ${modulePath}`);
  const entry = chunks.find((c) => c.isEntry)!;
  const loaded = new Set([entry.fileName, ...entry.imports]);
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (loaded.has(chunk.fileName) || scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const name of chunk.imports) visit(bundle[name] as OutputChunk);
  };
  visit(page);
  return [
    ...[...scripts].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ...[...styles].map((file) => `<link rel="preload" as="style" crossorigin href="/${file}">`),
  ].join('');
}
