import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string;
  subject: string;
  /** The whole message, quoted-printable undone. */
  raw: string;
}

export interface SmtpInbox {
  url: string;
  received: ReceivedMail[];
  /** From now on, each message is received but not yet accepted: its sender waits in the middle of its send until `release()`. */
  hold(): void;
  /** How many senders wait on a held message. */
  held(): number;
  /** Accepts the held messages, and every one after. */
  release(): void;
  /** Answers the next `count` messages with a temporary failure (451), as a mail server that is briefly unwell does. */
  failNext(count?: number): void;
  close(): Promise<void>;
}

/** A local SMTP server that keeps what it receives: the shop's SMTP transport, end to end. */
export async function startSmtpInbox(): Promise<SmtpInbox> {
  const received: ReceivedMail[] = [];
  let holding = false;
  const waiting: (() => void)[] = [];
  let failing = 0;
  const server = new SMTPServer({
    // Plain SMTP on loopback: no TLS offered, so the client does not upgrade; no sign-in asked.
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headerEnd = text.search(/\r?\n\r?\n/);
        const raw =
          text.slice(0, headerEnd) +
          text
            .slice(headerEnd)
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
        const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
        if (failing > 0) {
          failing--;
          return done(Object.assign(new Error('Try again later'), { responseCode: 451 }));
        }
        received.push({ to: header('To'), subject: header('Subject'), raw });
        if (holding) waiting.push(() => done());
        else done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    hold: () => void (holding = true),
    held: () => waiting.length,
    release() {
      holding = false;
      for (const accept of waiting.splice(0)) accept();
    },
    failNext: (count = 1) => void (failing = count),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
