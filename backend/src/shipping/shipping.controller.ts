import { Controller, Get, Query } from '@nestjs/common';
import { z } from 'zod';
import { parseCents } from '../platform/money';
import { text } from '../platform/validation/text';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { assertUsZip, PLACEHOLDER_ZIP, shippingRates } from './shipping-rates';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { ShippingRates, shippingRatesSchema } from './shipping.responses';

const ratesQuery = z.object({
  total: z
    .string('total is required, as an amount such as 25.00.')
    .max(20, 'total must be an amount such as 25.00.')
    .transform((t, ctx) => parseCents(t) ?? (ctx.addIssue({ code: 'custom', message: 'total must be an amount such as 25.00.' }), z.NEVER)),
  zipCode: text('zipCode', { max: 20 }).optional(),
});

@Controller('api/shipping')
export class ShippingController {
  @Get('rates')
  @ApiAnswers({ 200: shippingRatesSchema })
  rates(@Query(new ZodPipe(ratesQuery)) query: z.infer<typeof ratesQuery>): ShippingRates {
    assertUsZip(query.zipCode || PLACEHOLDER_ZIP);
    return shippingRates(query.total);
  }
}
