import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Controller, Get, Inject, Param } from '@nestjs/common';
import { z } from 'zod';
import { AdminOnly } from '../auth';
import { APP_CONFIG, AppConfig } from '../platform/config/app-config';
import { notFound } from '../platform/errors/domain-error';
import { ZodPipe } from '../platform/validation/zod.pipe';
import { mailDir } from './mail.module';
import { ApiAnswers } from '../platform/api-docs/api-answers.decorator';
import { mailSchema, mailSummarySchema } from './mail-outbox.responses';

const fileName = new ZodPipe(z.string().regex(/^[\w.@-]{1,200}\.eml$/, 'That is not a mail file name.'));

/** Reads the headers a person looks for; the files are ours (nodemailer wrote them), plain ASCII headers. */
function headersOf(raw: string): Record<string, string> {
  const head = raw.split(/\r?\n\r?\n/, 1)[0].replace(/\r?\n[ \t]+/g, ' ');
  const wanted = ['to', 'from', 'subject', 'date'];
  return Object.fromEntries(
    head
      .split(/\r?\n/)
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()])
      .filter(([key]) => wanted.includes(key)),
  );
}

/**
 * Development only (no `SMTP_URL`, not production): the emails the shop wrote as `.eml` files, so the
 * studio can see what a shopper would have received.
 */
@Controller('api/admin/mail')
@AdminOnly()
export class MailOutboxController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @Get()
  @ApiAnswers({ 200: z.array(mailSummarySchema) })
  async list(): Promise<z.infer<typeof mailSummarySchema>[]> {
    const dir = this.dir();
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort()
      .reverse()
      .slice(0, 100);
    return Promise.all(files.map(async (file) => ({ file, ...headersOf(await readFile(join(dir, file), 'utf8')) })));
  }

  @Get(':file')
  @ApiAnswers({ 200: mailSchema })
  async one(@Param('file', fileName) file: string): Promise<z.infer<typeof mailSchema>> {
    const raw = await readFile(join(this.dir(), file), 'utf8').catch(() => undefined);
    if (raw === undefined) throw notFound('That email was not found.');
    return { file, ...headersOf(raw), raw };
  }

  private dir(): string {
    if (this.config.SMTP_URL || this.config.NODE_ENV === 'production') throw notFound('Emails are sent through SMTP here; none are kept to show.');
    return mailDir(this.config);
  }
}
