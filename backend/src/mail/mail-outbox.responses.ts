import { z } from 'zod';

/** An email the shop wrote to a file in development, by the headers a person looks for. */
export const mailSummarySchema = z
  .object({ file: z.string(), to: z.string().optional(), from: z.string().optional(), subject: z.string().optional(), date: z.string().optional() })
  .meta({ id: 'MailSummary' });

export const mailSchema = mailSummarySchema.extend({ raw: z.string().meta({ description: 'The whole message as written (RFC 822)' }) }).meta({ id: 'Mail' });
