import { applyDecorators } from '@nestjs/common';
import { ApiResponse, type ApiResponseOptions } from '@nestjs/swagger';
import type { z } from 'zod';
import { openApiSchema } from './zod-openapi';

/** What a route answers with a given status: a JSON body's zod schema, an HTML page, a CSV download, an iCalendar file, a redirect, or no body. */
export type Answer = z.ZodType | 'html' | 'csv' | 'calendar' | 'redirect' | 'empty';

/**
 * The success answers of a route, from the zod schemas that declare them (the controller's return
 * type comes from the same schema with `z.infer`). Requests are described from the route's
 * `ZodPipe`s (`request-schemas.ts`), errors once for every route (`api-document.ts`).
 */
export const ApiAnswers = (answers: Record<number, Answer>): MethodDecorator =>
  applyDecorators(...Object.entries(answers).map(([status, answer]) => ApiResponse(responseOf(Number(status), answer))));

function responseOf(status: number, answer: Answer): ApiResponseOptions {
  if (answer === 'html') return { status, description: 'An HTML page', content: { 'text/html': { schema: { type: 'string' as const } } } };
  if (answer === 'csv') return { status, description: 'A CSV file, as an attachment', content: { 'text/csv': { schema: { type: 'string' as const } } } };
  if (answer === 'calendar') return { status, description: 'An iCalendar (.ics) file, as an attachment', content: { 'text/calendar': { schema: { type: 'string' as const } } } };
  if (answer === 'redirect') return { status, description: 'A redirect; `Location` says where' };
  if (answer === 'empty') return { status, description: 'No body' };
  return { status, description: 'Success', schema: openApiSchema(answer, 'output') };
}
