import { Controller, ForbiddenException, Headers, HttpCode, Inject, OnModuleInit, Post, Req, UnauthorizedException } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { APP_CONFIG, AppConfig } from '../../platform/config/app-config';
import { Caller } from '../../platform/context/correlation';
import type { RequestContext } from '../../platform/context/request-context';
import { invalid } from '../../platform/errors/domain-error';
import { fromThisMachine } from '../../stand-ins';
import { keepRawBody } from './raw-body';
import { SQUARE_WEBHOOKS_PATH, SquareWebhooks, webhookEvent } from './square-webhooks';
import { ApiBody, ApiHeader } from '@nestjs/swagger';
import { ApiAnswers } from '../../platform/api-docs/api-answers.decorator';
import { openApiSchema } from '../../platform/api-docs/zod-openapi';
import { WebhookOutcome, webhookOutcomeSchema } from './square-webhooks.responses';

/**
 * `POST /api/square/webhooks`: Square's `inventory.count.updated`, `catalog.version.updated`,
 * `refund.created`/`refund.updated` and `order.updated`/`order.fulfillment.updated`.
 * The signature (`x-square-hmacsha256-signature`) is HMAC-SHA256 of the notification URL followed by
 * the body's exact bytes, so the raw body is kept for this route; the URL is `PUBLIC_URL` + the path
 * (or the address the request came in on). A bad signature is 401 and nothing changes.
 */
@Controller(SQUARE_WEBHOOKS_PATH.slice(1))
export class SquareWebhooksController implements OnModuleInit {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly adapterHost: HttpAdapterHost,
    private readonly webhooks: SquareWebhooks,
  ) {}

  onModuleInit(): void {
    const http = this.adapterHost.httpAdapter;
    if (http) keepRawBody(http.getInstance<FastifyInstance>(), [SQUARE_WEBHOOKS_PATH]);
  }

  @Post()
  @HttpCode(200)
  // The body is read by hand (its raw bytes are signed), so the schema it is parsed with is named here.
  @ApiBody({ schema: openApiSchema(webhookEvent, 'input') })
  @ApiHeader({ name: 'x-square-hmacsha256-signature', required: true, description: 'HMAC-SHA256 of the notification URL and the raw body, base64' })
  @ApiAnswers({ 200: webhookOutcomeSchema })
  async receive(@Req() req: FastifyRequest, @Headers('x-square-hmacsha256-signature') signature: string | undefined, @Caller() caller: RequestContext): Promise<WebhookOutcome> {
    // The development key is in the source: signed with it, a delivery is believed only from this machine (the emulator's).
    if (!this.config.SQUARE_WEBHOOK_SIGNATURE_KEY && !fromThisMachine(req)) {
      throw new ForbiddenException({
        code: 'DEVELOPMENT_ONLY',
        message: "This shop checks Square's webhooks with the emulator's development key, which it believes only from the machine it runs on.",
      });
    }
    const origin = this.config.PUBLIC_URL?.replace(/\/+$/, '') ?? `${req.protocol}://${req.host}`;
    const raw = req.rawBody?.toString('utf8') ?? '';
    if (!(await this.webhooks.signedBySquare(raw, typeof signature === 'string' ? signature : undefined, origin + SQUARE_WEBHOOKS_PATH))) {
      throw new UnauthorizedException({ message: 'The webhook signature does not match.', code: 'INVALID_SIGNATURE' });
    }
    const parsed = webhookEvent.safeParse(req.body);
    if (!parsed.success) throw invalid(`Not a Square webhook event: ${parsed.error.issues[0]?.path.join('.') || 'body'} ${parsed.error.issues[0]?.message ?? ''}`.trim());
    // A failure here (database, queue) is not answered with 2xx, so Square delivers it again.
    return this.webhooks.handle(parsed.data, caller);
  }
}
