// The SMTP server of the end-to-end runs: accepts every message and appends it, parsed, as one JSON line to a file
// the specs read (e2e/mail.ts). An address with "bounce-once" in it is refused with a 550 the first time only, so a
// spec can make a mail fail and then resend it.
import { appendFileSync } from 'node:fs';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startTestSmtp(inboxFile) {
  const bounced = new Set();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (to.includes('bounce-once') && !bounced.has(to)) {
        bounced.add(to);
        const error = new Error('No such mailbox here (test bounce)');
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const record = {
            to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            messageId: mail.messageId ?? '',
          };
          appendFileSync(inboxFile, `${JSON.stringify(record)}\n`);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  return {
    port: server.server.address().port,
    stop: () => new Promise((resolve) => server.close(resolve)),
  };
}
