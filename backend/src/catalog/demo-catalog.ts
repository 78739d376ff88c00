import type { ProductDetails, Stock } from './product.events';

const image = (name: string) => `/images/products/${name}.svg`;

/** The demo catalogue a fresh shop starts with; images ship with the storefront. */
export const DEMO_CATALOG: (ProductDetails & Stock)[] = [
  { name: 'Raven Embroidered Hoodie', description: 'Heavyweight black hoodie with a hand-digitized raven across the chest, stitched in pewter thread.', priceCents: 6800, imageUrl: image('raven'), category: 'apparel', inStock: true, stockQuantity: 6 },
  { name: 'Bat Wing Crop Tee', description: 'Soft cotton crop tee with a violet bat embroidered at the collar.', priceCents: 3200, imageUrl: image('bat'), category: 'apparel', inStock: true, stockQuantity: 12 },
  { name: 'Moth Cardigan', description: 'Charcoal knit cardigan with a death\'s-head moth over the pocket. One of a kind.', priceCents: 8500, imageUrl: image('moth'), category: 'apparel', inStock: false, stockQuantity: 0 },
  { name: 'Skull Iron-On Patch', description: 'Three-inch bone-white skull patch with a heat-seal back.', priceCents: 900, imageUrl: image('skull'), category: 'patches', inStock: true, stockQuantity: 40 },
  { name: 'Crescent Moon Patch', description: 'Gold crescent and star, merrowed edge, sews or irons on.', priceCents: 1100, imageUrl: image('moon'), category: 'patches', inStock: true, stockQuantity: 25 },
  { name: 'Spider Web Patch', description: 'Silver web on black twill, ready for any jacket.', priceCents: 1000, imageUrl: image('web'), category: 'patches', inStock: false, stockQuantity: 0 },
  { name: 'Black Rose Hoop Art', description: 'Blood-red rose stitched in a six-inch walnut hoop, ready to hang.', priceCents: 5500, imageUrl: image('rose'), category: 'framed-art', inStock: true, stockQuantity: 3 },
  { name: 'Candle Vigil Frame', description: 'A single candle in satin stitch, framed in aged gold.', priceCents: 7200, imageUrl: image('candle'), category: 'framed-art', inStock: true, stockQuantity: 2 },
  { name: 'Pet Portrait in Thread', description: 'Your familiar, embroidered from a photo in an eight-inch hoop. Allow four weeks.', priceCents: 14000, imageUrl: image('eye'), category: 'portraits', inStock: true, stockQuantity: 4 },
  { name: 'Rainbow Heart Patch', description: 'Pride heart in six colors; part of every sale goes to a local queer youth shelter.', priceCents: 1200, imageUrl: image('pride'), category: 'pride', inStock: true, stockQuantity: 30 },
  { name: 'Custom Coffin Piece', description: 'Tell us your motif and we digitize and stitch it on a coffin-shaped panel.', priceCents: 9000, imageUrl: image('coffin'), category: 'custom', inStock: true, stockQuantity: 5 },
  { name: 'Broken Heart Original', description: 'An original sampler from the studio wall, signed and dated.', priceCents: 22000, imageUrl: image('heart'), category: 'originals', inStock: false, stockQuantity: 0 },
];
