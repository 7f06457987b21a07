/**
 * A local SMTP server (smtp-server) that keeps what it receives, for tests that read mailed codes. Used by the
 * server's integration tests and by the end-to-end global setup (which hands the messages to the tests as files).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  from: string;
  subject: string;
  text: string;
}

export interface Mailbox {
  url: string;
  received: Received[];
  /** The newest mail to `to` (waiting for it up to `timeoutMs`), optionally the first after `after` mails. */
  waitFor(to: string, opts?: { after?: number; timeoutMs?: number }): Promise<Received>;
  count(to: string): number;
  close(): Promise<void>;
}

/** The six digits of a code mail. */
export const codeIn = (m: Received) => /\b(\d{6})\b/.exec(m.subject)?.[1] ?? '';

export async function startMailbox(opts: { saveTo?: string } = {}): Promise<Mailbox> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, done) {
      simpleParser(stream)
        .then((parsed) => {
          const m: Received = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          };
          received.push(m);
          if (opts.saveTo) fs.writeFileSync(path.join(opts.saveTo, `${String(received.length).padStart(6, '0')}.json`), JSON.stringify(m));
          done();
        })
        .catch((err: Error) => done(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const to = (addr: string) => received.filter((m) => m.to.includes(addr.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    count: (addr) => to(addr).length,
    async waitFor(addr, { after = 0, timeoutMs = 10_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mine = to(addr);
        if (mine.length > after) return mine[mine.length - 1]!;
        await new Promise((r) => setTimeout(r, 20));
      }
      throw new Error(`no mail to ${addr} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Mails saved by a mailbox started with `saveTo` (the end-to-end tests read them this way). */
export function savedMails(dir: string): Received[] {
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')) as Received);
}
