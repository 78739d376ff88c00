import { Controller, Get, Query } from '@nestjs/common';
import { AdminOnly } from '../auth';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { booksCheckSchema, type BooksCheckDto } from './books-check.responses';
import { booksCheckDays } from './books-check.schemas';
import { SquareBooksCheck } from './square-books-check';

/** Whether Square's books agree with the shop's: the check the studio runs from the admin. */
@Controller('api/admin/square')
@AdminOnly()
export class AdminSquareBooksController {
  constructor(private readonly check: SquareBooksCheck) {}

  /** Every paid web order of the last `days` (default 30) against its Square order: the same total and the same lines; each difference listed. */
  @Get('books-check')
  @ApiAnswers({ 200: booksCheckSchema })
  booksCheck(@Query('days', new ZodPipe(booksCheckDays)) span: number): Promise<BooksCheckDto> {
    return this.check.run(span);
  }
}
