import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transport } from 'nodemailer';
import type MailMessage from 'nodemailer/lib/mailer/mail-message';

export interface EmlFileInfo {
  messageId: string;
  path: string;
}

/**
 * A nodemailer transport that writes each message, exactly as it would be sent (headers, HTML and
 * text parts), to `<dir>/<time>-<id>.eml`. The development default: nothing leaves the machine,
 * and any mail program opens the files.
 */
export function emlFileTransport(dir: string): Transport<EmlFileInfo> {
  return {
    name: 'eml-file',
    version: '1',
    send(mail: MailMessage, callback: (err: Error | null, info: EmlFileInfo) => void): void {
      const messageId = mail.message.messageId();
      const safeId = messageId.replace(/[^\w.@-]/g, '');
      const path = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${safeId}.eml`);
      mail.message.build((buildError, raw) => {
        if (buildError) return callback(buildError, { messageId, path });
        mkdir(dir, { recursive: true })
          .then(() => writeFile(path, raw))
          .then(
            () => callback(null, { messageId, path }),
            (error: Error) => callback(error, { messageId, path }),
          );
      });
    },
  };
}
