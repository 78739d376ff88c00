import { Controller, Get, Inject } from '@nestjs/common';
import { SQUARE_SETTINGS, SquareSettings } from './square-settings';
import type { z } from 'zod';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { squareConfigSchema } from './square-config.responses';

/** `GET /api/square/config`: what the storefront's card form needs; never the access token. */
@Controller('api/square')
export class SquareConfigController {
  constructor(@Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings) {}

  @Get('config')
  @ApiAnswers({ 200: squareConfigSchema })
  config(): z.infer<typeof squareConfigSchema> {
    const { applicationId, locationId, environment, webSdkUrl } = this.settings;
    return { applicationId, locationId, environment, webSdkUrl };
  }
}
