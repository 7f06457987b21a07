/**
 * Outgoing mail through SMTP (nodemailer), configured by SMTP_URL and MAIL_FROM. One transport per URL, pooled;
 * with no SMTP_URL there is no mailer and the calls that need one say the service is unavailable.
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

const transports = new Map<string, Transporter>();

export function mailerFor(config: Config): ((m: Mail) => Promise<void>) | null {
  const mail = config.mail;
  if (!mail) return null;
  let transport = transports.get(mail.url);
  if (!transport) {
    // Fail fast rather than hold a request: a mail server that does not answer within seconds is down.
    transport = nodemailer.createTransport({ url: mail.url, connectionTimeout: 5000, greetingTimeout: 5000, socketTimeout: 10_000 });
    transports.set(mail.url, transport);
  }
  const t = transport;
  return async (m) => {
    await t.sendMail({ from: mail.from, to: m.to, subject: m.subject, text: m.text });
  };
}
