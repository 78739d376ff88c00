import { DynamicModule, Module } from '@nestjs/common';
import { AuthModule } from './auth';
import { BackInStockModule } from './back-in-stock';
import { CartModule } from './cart';
import { CatalogModule } from './catalog';
import { CheckoutModule } from './checkout';
import { DiscountsModule } from './discounts';
import { IncidentsModule } from './incidents';
import { LocalEventsModule } from './local-events';
import { MailModule } from './mail';
import { NewsletterModule } from './newsletter';
import { OperatorToolsModule } from './operator-tools';
import { OrdersModule } from './orders';
import { SquareModule } from './square';
import { JobsModule } from './platform/jobs/jobs.module';
import { AppConfig } from './platform/config/app-config';
import { ConfigModule } from './platform/config/config.module';
import { DatabaseModule } from './platform/database/database.module';
import { OutboxRelayModule } from './platform/outbox/outbox-relay.module';
import { PlatformModule } from './platform/platform.module';
import { RecoveryModule } from './recovery';
import { ShippingModule } from './shipping';
import { SeoModule } from './seo';
import { SettingsModule } from './settings';
import { SiteModule } from './site';
import { SocialModule } from './social';

export interface AppRoles {
  /** Run the worker's part too: the outbox relay and the job processors. */
  worker: boolean;
}

/** The whole shop; `main.ts`, `worker.ts` and `start.ts` pick which roles a process plays. */
@Module({})
export class AppModule {
  static forRoot(config: AppConfig, roles: AppRoles): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        DatabaseModule,
        PlatformModule,
        OperatorToolsModule,
        AuthModule,
        CatalogModule,
        CartModule,
        ShippingModule,
        MailModule,
        SquareModule,
        CheckoutModule,
        DiscountsModule,
        OrdersModule,
        LocalEventsModule,
        NewsletterModule,
        BackInStockModule,
        SocialModule,
        RecoveryModule,
        IncidentsModule,
        SettingsModule,
        SeoModule,
        // Last, so its catch-all route is the fallback behind every API route.
        SiteModule,
        ...(roles.worker ? [OutboxRelayModule, JobsModule] : []),
      ],
    };
  }
}
