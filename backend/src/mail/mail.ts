import { Inject, Injectable } from '@nestjs/common';
import { MailerService } from '@nestjs-modules/mailer';
import { APP_CONFIG, type AppConfig } from '../platform/config/app-config';
import type { ShopEmailContext } from './email-layout';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Stable per logical message, so a mail client threads a re-send rather than showing two. */
  messageId?: string;
  /** Extra headers, e.g. List-Unsubscribe on newsletter email. */
  headers?: Record<string, string>;
}

/**
 * The one way the shop sends email. Jobs check their stream first, so a retry after the send was
 * recorded sends nothing; a crash between the send and its record sends again, under the same
 * Message-ID, which mail clients fold into one.
 */
@Injectable()
export class Mail {
  /** Where the shop is and whom to write to, for every email's links and footer. */
  readonly shop: ShopEmailContext;

  constructor(
    private readonly mailer: MailerService,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.shop = { publicUrl: config.publicUrl, contactEmail: config.CONTACT_EMAIL ?? null };
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const info = await this.mailer.sendMail({ to: mail.to, subject: mail.subject, html: mail.html, text: mail.text, messageId: mail.messageId, headers: mail.headers });
    return { messageId: String(info.messageId ?? mail.messageId ?? '') };
  }
}
