import { applyDecorators } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiQuery } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ApiAnswers } from '../api-docs/api-answers.decorator';

/**
 * The pages an emailed link opens (to unsubscribe): opening one only asks, with the link's signed
 * token in `?token=` (mail scanners follow links); its button posts the token back to act.
 */

/** Sends such a page: never cached, and its token never leaks in a Referer. */
export function sendLinkPage(reply: FastifyReply, status: number, html: string): void {
  reply.status(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(html);
}

/** The API docs of the page a link opens: an HTML page, 400 when the link is not valid. */
export const LinkPageDocs = () => applyDecorators(ApiQuery({ name: 'token', required: true, schema: { type: 'string' } }), ApiAnswers({ 200: 'html', 400: 'html' }));

/** The API docs of the form the page posts back: the token alone, form-encoded. */
export const LinkFormDocs = () =>
  applyDecorators(
    ApiConsumes('application/x-www-form-urlencoded'),
    ApiBody({ schema: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } }),
    ApiAnswers({ 200: 'html', 400: 'html' }),
  );

/** The token such a form posted, unchecked: the controller reads the link it signs. */
export const postedToken = (body: unknown): unknown => (body as { token?: unknown } | undefined)?.token;
