import { join } from 'node:path';
import { Global, Module } from '@nestjs/common';
import { MailerModule } from '@nestjs-modules/mailer';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { emlFileTransport } from './eml-file.transport';
import { Mail } from './mail';
import { MailOutboxController } from './mail-outbox.controller';

/** Email through @nestjs-modules/mailer: SMTP when `SMTP_URL` is set, else `.eml` files under `DATA_DIR/mail`. */
@Global()
@Module({
  imports: [
    MailerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        transport: config.SMTP_URL ?? emlFileTransport(mailDir(config)),
        defaults: { from: config.MAIL_FROM },
      }),
    }),
  ],
  controllers: [MailOutboxController],
  providers: [Mail],
  exports: [Mail],
})
export class MailModule {}

export const mailDir = (config: Pick<AppConfig, 'DATA_DIR' | 'MAIL_DIR'>) => config.MAIL_DIR ?? join(config.DATA_DIR, 'mail');
