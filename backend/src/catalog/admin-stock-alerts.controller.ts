import { Controller, Get } from '@nestjs/common';
import { AdminOnly } from '../auth';
import { SquareLinksReader } from './square-links.reader';
import type { z } from 'zod';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { stockAlertsSchema } from './catalog.responses';

/**
 * `GET /api/admin/stock-alerts`: products whose Square count went below zero, because the stall sold
 * units an online checkout had already reserved (the online sale completes, Square's count goes
 * negative). The dashboard shows each as "oversold at the stall" with the count, until a count of
 * zero or more arrives (a recount at the stall, a restock).
 */
@Controller('api/admin/stock-alerts')
@AdminOnly()
export class AdminStockAlertsController {
  constructor(private readonly squareLinks: SquareLinksReader) {}

  @Get()
  @ApiAnswers({ 200: stockAlertsSchema })
  async list(): Promise<z.infer<typeof stockAlertsSchema>> {
    const oversold = await this.squareLinks.oversoldAtStall();
    return {
      alerts: oversold.map((p) => ({
        kind: 'oversold-at-stall' as const,
        productId: p.productId,
        variantId: p.variantId,
        name: p.name,
        squareCount: p.squareCount,
        squareCountAt: p.squareCountAt,
        message: `${p.name}: oversold at the stall (Square counts ${p.squareCount})`,
      })),
    };
  }
}
