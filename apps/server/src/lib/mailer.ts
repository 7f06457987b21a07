/**
 * Outgoing mail through SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM: one transport per app, made on
 * first use; with no SMTP_URL there is no mailer and the calls that need one say the service is unavailable.
 */
// nodemailer is loaded by the first mail: a process that sends none need not carry it.
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Null without SMTP_URL. */
  send: ((m: Mail) => Promise<void>) | null;
  close(): void;
}

export function createMailer(mail: Config['mail']): Mailer {
  let transport: Transporter | null = null;
  return {
    send: !mail
      ? null
      : async (m) => {
          // Fail fast rather than hold a request: a mail server that does not answer within seconds is down.
          const { default: nodemailer } = await import('nodemailer');
          transport ??= nodemailer.createTransport({
            url: mail.url,
            connectionTimeout: 5000,
            greetingTimeout: 5000,
            socketTimeout: 10_000,
          });
          await transport.sendMail({ from: mail.from, to: m.to, subject: m.subject, text: m.text });
        },
    close() {
      transport?.close();
      transport = null;
    },
  };
}
