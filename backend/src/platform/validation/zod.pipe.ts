import { BadRequestException, PipeTransform } from '@nestjs/common';
import { z } from 'zod';

/** Validates a body, param or query against a zod schema; bad input becomes a 400 naming the field. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.infer<S>> {
  // Public: the API description reads the schema a route validates with (`api-docs/request-schemas.ts`).
  constructor(readonly schema: S) {}

  transform(value: unknown): z.infer<S> {
    const parsed = this.schema.safeParse(value);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const where = issue.path.length ? `${issue.path.join('.')}: ` : '';
    throw new BadRequestException({ message: `${where}${issue.message}`, code: 'VALIDATION_FAILED' });
  }
}
