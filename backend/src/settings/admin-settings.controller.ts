import { Body, Controller, Get, Patch } from '@nestjs/common';
import type { z } from 'zod';
import { AdminOnly } from '../auth';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { Caller } from '../platform/context/correlation';
import type { RequestContext } from '../platform/context/request-context';
import { CommandRunner } from '../platform/event-store/command-runner';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { shopSettingsDecider } from './shop-settings.decider';
import { SHOP_SETTINGS_ID, shopSettingsStream, type ShopSettings } from './shop-settings.events';
import { ShopSettingsReader } from './shop-settings.reader';
import { shopSettingsChangesBody, shopSettingsSchema } from './shop-settings.schemas';

/** The shop's settings: the Settings page of the admin app. */
@Controller('api/admin/settings')
@AdminOnly()
export class AdminSettingsController {
  constructor(
    private readonly runner: CommandRunner,
    private readonly reader: ShopSettingsReader,
  ) {}

  @Get()
  @ApiAnswers({ 200: shopSettingsSchema })
  async get(): Promise<ShopSettings> {
    const { version: _version, ...settings } = await this.reader.current();
    return settings;
  }

  @Patch()
  @ApiAnswers({ 200: shopSettingsSchema })
  async change(@Body(new ZodPipe(shopSettingsChangesBody)) changes: z.infer<typeof shopSettingsChangesBody>, @Caller() caller: RequestContext): Promise<ShopSettings> {
    await this.runner.run(shopSettingsDecider, shopSettingsStream(SHOP_SETTINGS_ID), { kind: 'ChangeSettings', changes }, caller);
    return this.get();
  }
}
