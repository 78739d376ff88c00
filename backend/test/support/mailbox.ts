import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface SentMail {
  file: string;
  to: string;
  subject: string;
  /** The whole message, quoted-printable undone, so links and codes read as written. */
  raw: string;
}

/** The messages the shop wrote under `<dataDir>/mail` (the development mail transport). */
export async function sentMail(dataDir: string): Promise<SentMail[]> {
  const dir = join(dataDir, 'mail');
  const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(dir, file), 'utf8');
      const headerEnd = text.search(/\r?\n\r?\n/);
      const raw = text.slice(0, headerEnd) + decodeQuotedPrintable(text.slice(headerEnd));
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
      return { file, to: header('To'), subject: header('Subject'), raw };
    }),
  );
}

/** Waits (polling, bounded) until the worker has written a message matching `match`. */
export async function waitForMail(dataDir: string, match: (m: SentMail) => boolean, timeoutMs = 30_000): Promise<SentMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await sentMail(dataDir)).find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error('No matching email was written in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
