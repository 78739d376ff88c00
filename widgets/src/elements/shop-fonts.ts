import garamond from '@fontsource/eb-garamond/files/eb-garamond-latin-400-normal.woff2?url';
import garamondBold from '@fontsource/eb-garamond/files/eb-garamond-latin-600-normal.woff2?url';
import blackletter from '@fontsource/unifrakturmaguntia/files/unifrakturmaguntia-latin-400-normal.woff2?url';

let registered = false;

/**
 * The theme's fonts, for the shadow roots: a browser ignores @font-face inside a shadow root, so
 * the faces go on the document's font set (which adds nothing to the host's <head>). A face is
 * downloaded only when some text uses it; a host that sets --dc-font-* to its own fonts never
 * fetches these.
 */
export function registerShopFonts(): void {
  if (registered || typeof FontFace === 'undefined') return;
  registered = true;
  const faces: [string, string, string][] = [
    ['EB Garamond', garamond, '400'],
    ['EB Garamond', garamondBold, '600'],
    ['UnifrakturMaguntia', blackletter, '400'],
  ];
  for (const [family, url, weight] of faces) {
    document.fonts.add(new FontFace(family, `url(${url}) format('woff2')`, { weight, display: 'swap' }));
  }
}
