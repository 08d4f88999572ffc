/**
 * Where outbox messages go (DECISIONS.md, E-mail and SMS): e-mail by SMTP when `SMTP_URL` is set,
 * otherwise into the mailbox — nothing is delivered and the message stays readable by admins in
 * `GET /api/admin/outbox`. SMS has the same shape; there is no provider by default.
 */
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { WorkLogger } from '../jobs';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** An HTML alternative to `text` (multipart/alternative). */
  html?: string;
  /** Extra header fields, e.g. List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailTransport {
  /** `true` when the transport only keeps messages (status `kept`) instead of delivering them. */
  readonly keepsMessages: boolean;
  send(message: MailMessage): Promise<void>;
  close?(): void;
}

export interface SmsMessage {
  to: string;
  text: string;
}

export interface SmsTransport {
  readonly keepsMessages: boolean;
  send(message: SmsMessage): Promise<void>;
}

/**
 * SMTP through nodemailer, e.g. `smtp://user:pass@smtp.example.com:587` (STARTTLS when offered) or
 * `smtps://…:465`. Timeouts are short so a dead server fails the attempt (and it is retried) rather
 * than holding the worker for minutes.
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    keepsMessages: false,
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
    },
    close: () => transporter.close(),
  };
}

/** No SMTP: the message is kept in the mailbox. In development the log says so, with whom and what. */
export function mailboxTransport(logger?: WorkLogger): MailTransport {
  return {
    keepsMessages: true,
    async send(message) {
      logger?.info(
        { to: message.to, subject: message.subject },
        'e-mail kept in the mailbox (SMTP_URL is not set); admins read it at GET /api/admin/outbox',
      );
    },
  };
}

/** No SMS provider: messages are kept in the mailbox. */
export const keepSmsTransport: SmsTransport = {
  keepsMessages: true,
  async send() {},
};

/** The mail transport the configuration asks for. */
export function createMailTransport(
  config: Pick<Config, 'env' | 'mail'>,
  logger?: WorkLogger,
): MailTransport {
  if (config.mail.smtpUrl) return smtpTransport(config.mail.smtpUrl, config.mail.from);
  return mailboxTransport(config.env === 'development' ? logger : undefined);
}
