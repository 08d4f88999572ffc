/**
 * Where outbox messages go (DECISIONS.md, E-mail and SMS; Demo data and delivery; decision 030):
 * e-mail by SMTP when `SMTP_URL` is set, otherwise into the mailbox — nothing is delivered and the
 * message stays readable by admins in `GET /api/admin/outbox`. SMS goes through Amazon SNS
 * (`SMS_PROVIDER=sns`) or Twilio (`SMS_PROVIDER=twilio`), in E.164; without a provider it is kept
 * in the mailbox too.
 *
 * A transport that cannot deliver throws; a {@link ProviderError} says whether trying again could
 * help (`permanent`: the provider refused the message itself, a 4xx) and carries the provider's
 * own code, which the outbox keeps on the row.
 */
import { PublishCommand, SNSClient, SNSServiceException } from '@aws-sdk/client-sns';
import nodemailer from 'nodemailer';
import type { DeliveryProvider } from '@dealclub/shared/outbox';
import { toE164 } from '@dealclub/shared/phone';
import type { Config, SmsConfig } from '../../config';
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

/** What a provider said when it took a message. */
export interface DeliveryReceipt {
  /** Its id of the message: SNS's MessageId, Twilio's SID, the SMTP Message-ID. */
  providerMessageId?: string;
}

export interface MailTransport {
  readonly provider: Extract<DeliveryProvider, 'smtp' | 'mailbox'>;
  /** `true` when the transport only keeps messages (status `kept`) instead of delivering them. */
  readonly keepsMessages: boolean;
  send(message: MailMessage): Promise<DeliveryReceipt | void>;
  close?(): void;
}

export interface SmsMessage {
  /** The recipient's US number, in any punctuation (stored as its 10 digits); sent in E.164. */
  to: string;
  text: string;
}

export interface SmsTransport {
  readonly provider: Extract<DeliveryProvider, 'sns' | 'twilio' | 'mailbox'>;
  readonly keepsMessages: boolean;
  send(message: SmsMessage): Promise<DeliveryReceipt>;
  close?(): void;
}

/**
 * A provider's refusal or failure. `permanent`: sending the same message again cannot succeed (a
 * 4xx other than 429: a bad number, an opted-out recipient, bad credentials) — the message fails at
 * once. Otherwise (5xx, 429, a timeout, a network error) it is retried with backoff.
 */
export class ProviderError extends Error {
  readonly permanent: boolean;
  /** The provider's own code (`InvalidParameter`, `21211`, `554`) or ours (`TIMEOUT`, `ECONNREFUSED`). */
  readonly code: string | undefined;
  /** The HTTP status (SMTP reply code for SMTP), when there was an answer. */
  readonly status: number | undefined;

  constructor(
    message: string,
    options: { permanent: boolean; code?: string; status?: number; cause?: unknown },
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'ProviderError';
    this.permanent = options.permanent;
    this.code = options.code;
    this.status = options.status;
  }
}

/** How long a provider may take to answer one message before the attempt counts as failed. */
export const SMS_TIMEOUT_MS = 10_000;

/** A 4xx is the message's own fault and final; 429 (throttled) is "not now" and is retried. */
const isPermanentStatus = (status: number | undefined) =>
  status !== undefined && status >= 400 && status < 500 && status !== 429;

/** The number in E.164, or a permanent refusal before any provider is asked. */
function e164(to: string): string {
  const number = toE164(to);
  if (!number)
    throw new ProviderError(`not a US phone number: ${to}`, { permanent: true, code: 'INVALID_RECIPIENT' });
  return number;
}

/** A timeout or a network error of `fetch` or the SDK: retried, with a code that says which. */
function transientError(error: unknown): ProviderError {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError')
    return new ProviderError('the provider did not answer in time', {
      permanent: false,
      code: 'TIMEOUT',
      cause: error,
    });
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code =
    (error as { code?: unknown } | null)?.code ??
    (cause && typeof cause === 'object' ? cause.code : undefined);
  return new ProviderError(error instanceof Error ? error.message : String(error), {
    permanent: false,
    ...(typeof code === 'string' ? { code } : {}),
    cause: error,
  });
}

/**
 * Amazon SNS `Publish` to a phone number (AWS Query protocol, SigV4-signed by the SDK with its usual
 * credentials: environment, shared profile, or the instance's role). Transactional, so that codes
 * and alerts are not held back as marketing. The SDK does not retry by itself: the outbox does,
 * with its backoff and quiet hours.
 */
export function snsTransport(
  settings: { region: string; endpoint?: string | undefined },
  options: { timeoutMs?: number; client?: SNSClient } = {},
): SmsTransport {
  const timeoutMs = options.timeoutMs ?? SMS_TIMEOUT_MS;
  const client =
    options.client ??
    new SNSClient({
      region: settings.region,
      ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
      maxAttempts: 1,
      requestHandler: {
        connectionTimeout: timeoutMs,
        requestTimeout: timeoutMs,
        throwOnRequestTimeout: true,
      },
    });
  return {
    provider: 'sns',
    keepsMessages: false,
    async send(message) {
      const command = new PublishCommand({
        PhoneNumber: e164(message.to),
        Message: message.text,
        MessageAttributes: {
          'AWS.SNS.SMS.SMSType': { DataType: 'String', StringValue: 'Transactional' },
        },
      });
      try {
        const answer = await client.send(command, { abortSignal: AbortSignal.timeout(timeoutMs) });
        return answer.MessageId ? { providerMessageId: answer.MessageId } : {};
      } catch (error) {
        if (error instanceof SNSServiceException) {
          const status = error.$metadata.httpStatusCode;
          // The Query protocol's own code (`InvalidParameter`), not the SDK's class name.
          const code = (error as { Code?: unknown }).Code;
          throw new ProviderError(error.message || error.name, {
            permanent: isPermanentStatus(status),
            code: typeof code === 'string' ? code : error.name.replace(/Exception$/, ''),
            ...(status !== undefined ? { status } : {}),
            cause: error,
          });
        }
        throw transientError(error);
      }
    },
    close: () => client.destroy(),
  };
}

/** What Twilio answers with an error (its REST API's JSON). */
interface TwilioError {
  code?: number | string;
  message?: string;
  status?: number;
}

/**
 * Twilio's Messages API: `POST {base}/2010-04-01/Accounts/{sid}/Messages.json`, form-encoded `To`,
 * `From`, `Body`, HTTP basic auth with the account SID and auth token.
 */
export function twilioTransport(
  settings: { accountSid: string; authToken: string; from: string; apiBase: string },
  options: { timeoutMs?: number } = {},
): SmsTransport {
  const timeoutMs = options.timeoutMs ?? SMS_TIMEOUT_MS;
  const url = `${settings.apiBase.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(settings.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')}`;
  return {
    provider: 'twilio',
    keepsMessages: false,
    async send(message) {
      const body = new URLSearchParams({ To: e164(message.to), From: settings.from, Body: message.text });
      let response: Response;
      let text: string;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: {
            authorization,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: body.toString(),
          redirect: 'error',
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await response.text();
      } catch (error) {
        throw transientError(error);
      }
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
      if (response.ok) {
        const sid = (json as { sid?: unknown } | undefined)?.sid;
        return typeof sid === 'string' ? { providerMessageId: sid } : {};
      }
      const error = (json && typeof json === 'object' ? json : {}) as TwilioError;
      const code =
        error.code !== undefined && error.code !== null ? String(error.code) : `HTTP_${response.status}`;
      throw new ProviderError(error.message ?? `HTTP ${response.status}: ${text.slice(0, 200)}`, {
        permanent: isPermanentStatus(response.status),
        code,
        status: response.status,
      });
    },
  };
}

/** No SMS provider: messages are kept in the mailbox. */
export const keepSmsTransport: SmsTransport = {
  provider: 'mailbox',
  keepsMessages: true,
  async send() {
    return {};
  },
};

/** Where SMS goes, for the start-up banner (decision 030). */
export function smsDeliveryLine(sms: SmsConfig): string {
  if (sms.provider === 'sns')
    return `sent through Amazon SNS (${sms.region}${sms.endpoint ? `, at ${sms.endpoint}` : ''})`;
  if (sms.provider === 'twilio') return `sent through Twilio from ${sms.from}`;
  return 'kept in the mailbox, not sent (SMS_PROVIDER is not set); admins read it in the Outbox';
}

/** The SMS transport the configuration asks for (decision 030). */
export function createSmsTransport(
  config: { sms: SmsConfig },
  options: { timeoutMs?: number } = {},
): SmsTransport {
  const sms = config.sms;
  if (sms.provider === 'sns') return snsTransport(sms, options);
  if (sms.provider === 'twilio') return twilioTransport(sms, options);
  return keepSmsTransport;
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
    provider: 'smtp',
    keepsMessages: false,
    async send(message) {
      let info: { messageId?: string };
      try {
        info = await transporter.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          ...(message.headers ? { headers: message.headers } : {}),
        });
      } catch (error) {
        // The server's reply code (451, 554, …) is kept on the row; e-mail is retried whatever it is.
        const responseCode = (error as { responseCode?: unknown }).responseCode;
        if (typeof responseCode === 'number')
          throw new ProviderError(error instanceof Error ? error.message : String(error), {
            permanent: false,
            code: String(responseCode),
            status: responseCode,
            cause: error,
          });
        throw error;
      }
      return info.messageId ? { providerMessageId: info.messageId } : {};
    },
    close: () => transporter.close(),
  };
}

/** No SMTP: the message is kept in the mailbox. In development the log says so, with whom and what. */
export function mailboxTransport(logger?: WorkLogger): MailTransport {
  return {
    provider: 'mailbox',
    keepsMessages: true,
    async send(message) {
      logger?.info(
        { to: message.to, subject: message.subject },
        'e-mail kept in the mailbox (SMTP_URL is not set); admins read it at GET /api/admin/outbox',
      );
    },
  };
}

/** The mail transport the configuration asks for. */
export function createMailTransport(
  config: Pick<Config, 'env' | 'mail'>,
  logger?: WorkLogger,
): MailTransport {
  if (config.mail.smtpUrl) return smtpTransport(config.mail.smtpUrl, config.mail.from);
  return mailboxTransport(config.env === 'development' ? logger : undefined);
}
