import { onlyVariantOf } from '../catalog';
import type { OrderLine } from './order.events';

/** A line's variant as the APIs show it: lines of orders from before variants bought their product's only one. */
export const variantOfLine = (line: OrderLine) => ({ variantId: line.variantId ?? onlyVariantOf(line.productId), variantName: line.variantName ?? '' });
