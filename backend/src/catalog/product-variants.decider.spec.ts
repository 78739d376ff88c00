import { deciderSpec } from '../../test/support/decider-spec';
import { hoodieAdded, productAdded, ravenHoodie, reserved, sized, sizes, stockSet } from '../../test/support/product-fixtures';
import { fold } from '../platform/event-store/decider';
import { oneVariantProduct, variantName } from './product-variants';
import { productDecider, type ProductCommand, type VariantInput } from './product.decider';
import { type ExistingProduct } from './product.state';
import type { ProductEvent, ProductOption } from './product.events';

const spec = deciderSpec(productDecider);
type Size = 'S' | 'M' | 'L';
/** The hoodie's variant of `size` as the admin's form sends it back: its id, value and price. */
const kept = (size: Size, changes: Partial<VariantInput> = {}): VariantInput => ({ variantId: `7-${'SML'.indexOf(size) + 1}`, options: { Size: size }, priceCents: 6800, ...changes });
const allKept = [kept('S'), kept('M'), kept('L')];
const edit = (variants: VariantInput[], options?: ProductOption[]): ProductCommand => ({ kind: 'ChangeProductDetails', productId: 7, changes: {}, options, variants });
const add = (options: ProductOption[], variants: VariantInput[]): ProductCommand => ({
  kind: 'AddProduct',
  productId: 7,
  ...ravenHoodie,
  options,
  variants: variants.map((v) => ({ stock: { inStock: true, stockQuantity: 2 }, ...v })),
});
const withXl: ProductOption[] = [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }];
const removed = (variantId: string): ProductEvent => ({ type: 'VariantRemoved', data: { variantId } });

describe('product variants: the studio adds a product with options', () => {
  it('numbers the variants from 1 and names them from their values', () => {
    spec
      .given()
      .when(
        add(sizes, [
          { options: { Size: 'S' }, priceCents: 6800 },
          { options: { Size: 'M' }, priceCents: 6800 },
          { options: { Size: 'L' }, priceCents: 6800 },
        ]),
      )
      .then([hoodieAdded]);
  });

  it('names a variant by its values in the order of the options, whatever order they come in', () => {
    const options: ProductOption[] = [
      { name: 'Colour', values: ['Black', 'Red'] },
      { name: 'Size', values: ['S', 'M'] },
    ];
    const event = productDecider.decide(add(options, [{ options: { Size: 'M', Colour: 'Black' }, priceCents: 6800 }]), { exists: false })[0];
    expect(event.type === 'ProductAdded' && event.data.variants.map((v) => [v.variantId, v.name])).toEqual([['7-1', 'Black / M']]);
    expect(variantName(options, { Size: 'S', Colour: 'Red' })).toBe('Red / S');
    expect(variantName([], {})).toBe('');
  });

  it('makes the product of the old form: one variant, one picture or none', () => {
    const old = { name: 'Bat Patch', description: 'A bat', priceCents: 900, category: 'patches' as const, inStock: true, stockQuantity: 3 };
    expect(oneVariantProduct({ ...old, imageUrl: '/b.svg' })).toEqual({
      name: 'Bat Patch',
      description: 'A bat',
      category: 'patches',
      images: ['/b.svg'],
      options: [],
      variants: [{ options: {}, priceCents: 900, stock: { inStock: true, stockQuantity: 3 } }],
    });
    expect(oneVariantProduct({ ...old, imageUrl: '' }).images).toEqual([]);
  });
});

describe('product variants: the studio edits options and variants', () => {
  it('records nothing when the form comes back as it was', () => {
    spec.given(hoodieAdded).when(edit(allKept, sizes)).thenNothing();
    spec.given(hoodieAdded).when(edit(allKept)).thenNothing();
  });

  it('leaves the variants alone when the edit sends none', () => {
    spec
      .given(hoodieAdded)
      .when({ kind: 'ChangeProductDetails', productId: 7, changes: { name: 'Raven Hood' }, options: withXl })
      .then([{ type: 'ProductDetailsChanged', data: { name: 'Raven Hood' } }]);
  });

  it('adds a variant given without an id, with the next number, sold out until it has units', () => {
    spec
      .given(hoodieAdded)
      .when(edit([...allKept, { options: { Size: 'XL' }, priceCents: 7600 }], withXl))
      .then([
        { type: 'ProductOptionsChanged', data: { options: withXl } },
        { type: 'VariantAdded', data: { variant: { variantId: '7-4', name: 'XL', options: { Size: 'XL' }, priceCents: 7600, inStock: false, stockQuantity: 0 } } },
      ]);
    spec
      .given(hoodieAdded)
      .when(edit([...allKept, { options: { Size: 'XL' }, priceCents: 7600, sku: 'RH-XL', stock: { inStock: true, stockQuantity: 4 } }], withXl))
      .then([
        { type: 'ProductOptionsChanged', data: { options: withXl } },
        { type: 'VariantAdded', data: { variant: { variantId: '7-4', name: 'XL', options: { Size: 'XL' }, priceCents: 7600, sku: 'RH-XL', inStock: true, stockQuantity: 4 } } },
      ]);
    spec
      .given(hoodieAdded)
      .when(edit([...allKept, { options: { Size: 'XL' }, priceCents: 7600, stock: { inStock: true, stockQuantity: 100_001 } }], withXl))
      .thenThrows('INVALID', /stock quantity/);
  });

  it('edits a variant given with its id: only what changed', () => {
    spec
      .given(hoodieAdded)
      .when(edit([kept('S'), kept('M', { priceCents: 7000, imageUrl: '/r-m.svg' }), kept('L')]))
      .then([{ type: 'VariantChanged', data: { variantId: '7-2', changes: { priceCents: 7000, imageUrl: '/r-m.svg' } } }]);
    spec
      .given(hoodieAdded)
      .when(edit([kept('S'), kept('M', { stock: { inStock: true, stockQuantity: 5 } }), kept('L', { stock: { inStock: true, stockQuantity: 2 } })]))
      .then([stockSet('7-2', true, 5)]);
    spec
      .given(hoodieAdded)
      .when(edit([kept('S'), kept('M', { stock: { inStock: false, stockQuantity: 2 } }), kept('L')]))
      .then([stockSet('7-2', false, 2)]);
    spec
      .given(hoodieAdded)
      .when(edit([kept('S'), kept('M', { stock: { inStock: true, stockQuantity: -1 } }), kept('L')]))
      .thenThrows('INVALID', /stock quantity/);
  });

  it('removes from sale a variant on sale that the form leaves out, and numbers a new one after it', () => {
    spec
      .given(hoodieAdded)
      .when(edit([kept('S'), kept('M')], [{ name: 'Size', values: ['S', 'M'] }]))
      .then([{ type: 'ProductOptionsChanged', data: { options: [{ name: 'Size', values: ['S', 'M'] }] } }, removed('7-3')]);
    spec
      .given(hoodieAdded, removed('7-3'))
      .when(edit([kept('S'), kept('M'), { options: { Size: 'L' }, priceCents: 6800 }]))
      .then([{ type: 'VariantAdded', data: { variant: { ...sized('L', { variantId: '7-4', inStock: false, stockQuantity: 0 }) } } }]);
    // A variant removed already is not removed again.
    spec
      .given(hoodieAdded, removed('7-3'))
      .when(edit([kept('S'), kept('M')]))
      .thenNothing();
  });

  it('renames the variants when the options change', () => {
    const colours: ProductOption[] = [{ name: 'Colour', values: ['Black'] }, ...sizes];
    const inBlack = (size: Size) => kept(size, { options: { Colour: 'Black', Size: size } });
    spec
      .given(hoodieAdded)
      .when(edit([inBlack('S'), inBlack('M'), inBlack('L')], colours))
      .then([
        { type: 'ProductOptionsChanged', data: { options: colours } },
        ...(['S', 'M', 'L'] as const).map((size, i) => ({
          type: 'VariantChanged' as const,
          data: { variantId: `7-${i + 1}`, changes: { options: { Colour: 'Black', Size: size }, name: `Black / ${size}` } },
        })),
      ]);
    const renamed: ProductOption[] = [{ name: 'Size', values: ['Small', 'M', 'L'] }];
    spec
      .given(hoodieAdded)
      .when(edit([kept('S', { options: { Size: 'Small' } }), kept('M'), kept('L')], renamed))
      .then([
        { type: 'ProductOptionsChanged', data: { options: renamed } },
        { type: 'VariantChanged', data: { variantId: '7-1', changes: { options: { Size: 'Small' }, name: 'Small' } } },
      ]);
    // Reordering the values is a change of the options alone.
    const reordered: ProductOption[] = [{ name: 'Size', values: ['L', 'M', 'S'] }];
    spec
      .given(hoodieAdded)
      .when(edit(allKept, reordered))
      .then([{ type: 'ProductOptionsChanged', data: { options: reordered } }]);
    const state = fold(productDecider, [hoodieAdded, { type: 'ProductOptionsChanged', data: { options: reordered } }]) as ExistingProduct;
    expect(state.options).toEqual(reordered);
  });

  it('sells a variant once added, and numbers the next one after it', () => {
    const xlAdded: ProductEvent = { type: 'VariantAdded', data: { variant: { variantId: '7-4', name: 'XL', options: { Size: 'XL' }, priceCents: 7600, inStock: true, stockQuantity: 1 } } };
    const withXlAdded: ProductEvent[] = [hoodieAdded, { type: 'ProductOptionsChanged', data: { options: withXl } }, xlAdded];
    spec
      .given(...withXlAdded)
      .when({ kind: 'ReserveStock', productId: 7, variantId: '7-4', orderId: 'a', quantity: 1 })
      .then([reserved('a', 1, '7-4')]);
    const xxl: ProductOption[] = [{ name: 'Size', values: ['S', 'M', 'L', 'XL', 'XXL'] }];
    spec
      .given(...withXlAdded)
      .when(edit([...allKept, kept('L', { variantId: '7-4', options: { Size: 'XL' }, priceCents: 7600 }), { options: { Size: 'XXL' }, priceCents: 7600 }], xxl))
      .then([
        { type: 'ProductOptionsChanged', data: { options: xxl } },
        { type: 'VariantAdded', data: { variant: { variantId: '7-5', name: 'XXL', options: { Size: 'XXL' }, priceCents: 7600, inStock: false, stockQuantity: 0 } } },
      ]);
  });

  it('refuses to edit a variant that was removed, or that the product never had', () => {
    spec.given(hoodieAdded, removed('7-3')).when(edit(allKept)).thenThrows('INVALID', 'The variant 7-3 was removed; add it again without an id.');
    spec
      .given(hoodieAdded)
      .when(edit([kept('S'), kept('M'), { ...kept('L'), variantId: '7-9' }]))
      .thenThrows('VARIANT_NOT_FOUND', 'Raven Hoodie has no variant 7-9.', { productId: 7, variantId: '7-9' });
  });

  it('keeps what checkouts hold on a variant through its edit', () => {
    const state = fold(productDecider, [hoodieAdded, reserved('a', 1, '7-2'), { type: 'VariantChanged', data: { variantId: '7-2', changes: { priceCents: 7000 } } }]) as ExistingProduct;
    expect(state.variants[1]).toMatchObject({ priceCents: 7000, reservations: { a: 1 }, name: 'M' });
  });
});

describe('product variants: what options and variants the studio may give', () => {
  const refusal = (options: ProductOption[], variants: VariantInput[], message: string) => {
    spec.given().when(add(options, variants)).thenThrows('INVALID', message);
    spec.given(hoodieAdded).when(edit(variants, options)).thenThrows('INVALID', message);
  };
  const m = { options: { Size: 'M' }, priceCents: 6800 };

  it('refuses more than three options', () => {
    const four = ['A', 'B', 'C', 'D'].map((name) => ({ name, values: ['x'] }));
    refusal(four, [{ options: { A: 'x', B: 'x', C: 'x', D: 'x' }, priceCents: 100 }], 'A product has at most 3 options.');
    const three = four.slice(0, 3);
    spec
      .given()
      .when(add(three, [{ options: { A: 'x', B: 'x', C: 'x' }, priceCents: 100 }]))
      .then([productAdded([{ variantId: '7-1', name: 'x / x / x', options: { A: 'x', B: 'x', C: 'x' }, priceCents: 100, inStock: true, stockQuantity: 2 }], three, ravenHoodie)]);
  });

  it('refuses an option without a name, or named twice', () => {
    refusal([{ name: ' ', values: ['M'] }], [{ options: { ' ': 'M' }, priceCents: 6800 }], 'Every option needs a name.');
    refusal(
      [
        { name: 'Size', values: ['M'] },
        { name: ' size ', values: ['L'] },
      ],
      [{ options: { Size: 'M', ' size ': 'L' }, priceCents: 6800 }],
      'The option  size  is named twice.',
    );
  });

  it('refuses an option without values, with an empty value, or with a value twice', () => {
    refusal([{ name: 'Size', values: [] }], [m], 'The option Size needs at least one value.');
    refusal([{ name: 'Size', values: ['M', ' '] }], [m], 'The option Size has an empty value.');
    refusal([{ name: 'Size', values: ['M', 'L', ' m'] }], [m], 'The option Size lists  m twice.');
  });

  it('compares names and values without their stray spaces, and refuses none for having them', () => {
    spec
      .given()
      .when(add([{ name: ' Size', values: ['S', 'M '] }], [{ options: { ' Size': 'M ' }, priceCents: 6800 }]))
      .then([
        productAdded(
          [{ variantId: '7-1', name: 'M ', options: { ' Size': 'M ' }, priceCents: 6800, inStock: true, stockQuantity: 2 }],
          [{ name: ' Size', values: ['S', 'M '] }],
          ravenHoodie,
        ),
      ]);
  });

  it('refuses no variant, and more than one for a product without options', () => {
    refusal(sizes, [], 'A product needs at least one variant.');
    refusal(
      [],
      [
        { options: {}, priceCents: 900 },
        { options: {}, priceCents: 1000 },
      ],
      'A product without options has exactly one variant.',
    );
  });

  it('refuses more than 100 variants', () => {
    const many: ProductOption[] = [{ name: 'N', values: Array.from({ length: 101 }, (_, i) => `${i}`) }];
    refusal(
      many,
      many[0].values.map((n) => ({ options: { N: n }, priceCents: 100 })),
      'A product has at most 100 variants.',
    );
    spec
      .given()
      .when(
        add(
          [{ name: 'N', values: many[0].values.slice(0, 100) }],
          many[0].values.slice(0, 100).map((n) => ({ options: { N: n }, priceCents: 100 })),
        ),
      )
      .then([
        productAdded(
          many[0].values.slice(0, 100).map((n, i) => ({ variantId: `7-${i + 1}`, name: n, options: { N: n }, priceCents: 100, inStock: true, stockQuantity: 2 })),
          [{ name: 'N', values: many[0].values.slice(0, 100) }],
          ravenHoodie,
        ),
      ]);
  });

  it('refuses a variant missing a value, with a value the option lacks, or with an option the product lacks', () => {
    const needs = 'Every variant needs one value of each option (Colour: Black, Red; Size: S, M, L).';
    const colours: ProductOption[] = [{ name: 'Colour', values: ['Black', 'Red'] }, ...sizes];
    refusal(colours, [{ options: { Size: 'M' }, priceCents: 6800 }], needs);
    refusal(colours, [{ options: { Colour: 'Blue', Size: 'M' }, priceCents: 6800 }], needs);
    refusal(colours, [{ options: { Colour: 'Black', Size: 'M', Fit: 'Slim' }, priceCents: 6800 }], needs);
    refusal(colours, [{ options: { Colour: 'Black', Fit: 'M' }, priceCents: 6800 }], needs);
    refusal([], [{ options: { Size: 'M' }, priceCents: 6800 }], 'Every variant needs one value of each option (none).');
  });

  it('refuses two variants of the same combination', () => {
    refusal(sizes, [m, { ...m, priceCents: 7000 }], 'Two variants are M.');
    const colours: ProductOption[] = [{ name: 'Colour', values: ['Black', 'Red'] }, ...sizes];
    refusal(
      colours,
      [
        { options: { Colour: 'Black', Size: 'M' }, priceCents: 6800 },
        { options: { Size: 'M', Colour: 'Black' }, priceCents: 6800 },
      ],
      'Two variants are Black / M.',
    );
  });

  it('refuses a price it cannot hold, on any variant', () => {
    refusal(sizes, [m, { options: { Size: 'L' }, priceCents: 10_000_001 }], 'The price must be a whole number of cents between 0 and 100000.00 dollars.');
  });
});
