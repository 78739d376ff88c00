import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { APP_CONFIG, AppConfig } from '../config/app-config';
import { peekContext } from '../context/request-context';
import { CORRELATION_HEADER } from '../context/correlation.middleware';

/** One JSON line per log event, each carrying the correlation id of the work that caused it. */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: config.LOG_LEVEL,
          genReqId: (req) => String(req.headers[CORRELATION_HEADER]),
          mixin: () => {
            const ctx = peekContext();
            return ctx ? { correlationId: ctx.correlationId } : {};
          },
          autoLogging: { ignore: (req) => req.url === '/api/health' },
          serializers: { req: (req: { method: string; url: string }) => ({ method: req.method, url: req.url }) },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
