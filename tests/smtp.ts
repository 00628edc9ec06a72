import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  port: number;
  url: string;
  messages: ParsedMail[];
  stop: () => Promise<void>;
}

/** A real SMTP server in this process that keeps every message it accepts, parsed. Port 0 takes a free port. */
export async function startTestSmtp(port = 0): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actual = (server.server.address() as AddressInfo).port;
  return {
    port: actual,
    url: `smtp://127.0.0.1:${actual}`,
    messages,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first absolute link of a mail's plain text that starts with this origin and path. */
export function linkIn(mail: ParsedMail, prefix: string): string {
  const match = (mail.text ?? '').match(/https?:\/\/\S+/g)?.find((url) => url.startsWith(prefix));
  if (!match) throw new Error(`No link to ${prefix} in: ${mail.text}`);
  return match.replace(/[)\].,]+$/, '');
}
