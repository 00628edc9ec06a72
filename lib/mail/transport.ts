import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Attachment } from '@/lib/mail/attachments';
import type { RenderedMail } from '@/lib/mail/render';

export interface OutgoingMail extends RenderedMail {
  attachments?: Attachment[];
  id: string;
  from: string;
  to: string;
  messageId: string;
}

/** Hands one mail over for delivery; a rejection leaves the row to be retried. */
export type SendMail = (mail: OutgoingMail) => Promise<void>;

const envelope = (mail: OutgoingMail) => ({
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  html: mail.html,
  text: mail.text,
  messageId: mail.messageId,
  attachments: mail.attachments,
});

export function smtpSender(url: string): SendMail {
  const transport = nodemailer.createTransport(url, {
    // An SMTP server that hangs must not hold the row's claim for long: the attempt fails and is retried.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  return async (mail) => {
    await transport.sendMail(envelope(mail));
  };
}

/** The embedded default's mailbox: each message as an .eml file (the database keeps it too). */
export function mailboxSender(directory: string): SendMail {
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  return async (mail) => {
    const info = await composer.sendMail(envelope(mail));
    await mkdir(directory, { recursive: true });
    await writeFile(path.join(directory, `${mail.id}.eml`), info.message as Buffer);
  };
}
