import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { PostgreSqlDriver } from '@mikro-orm/postgresql';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { ormOptions } from './orm-options';

@Module({
  imports: [
    MikroOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      driver: PostgreSqlDriver,
      useFactory: (config: AppConfig) => ({
        ...ormOptions(config.databaseUrl, config.embeddedDatabase, config.DATABASE_POOL_MAX),
        autoLoadEntities: true,
        // Every unit of work forks its own EntityManager; no per-request middleware needed.
        registerRequestContext: false,
      }),
    }),
  ],
})
export class DatabaseModule {}
