import { Controller, Get, Inject } from '@nestjs/common';
import { SQUARE_SETTINGS, SquareSettings } from './square-settings';

/** `GET /api/square/config`: what the storefront's card form needs; never the access token. */
@Controller('api/square')
export class SquareConfigController {
  constructor(@Inject(SQUARE_SETTINGS) private readonly settings: SquareSettings) {}

  @Get('config')
  config() {
    const { applicationId, locationId, environment, webSdkUrl } = this.settings;
    return { applicationId, locationId, environment, webSdkUrl };
  }
}
