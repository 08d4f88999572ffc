/**
 * A tiny SMTP server for tests, speaking the wire protocol (RFC 5321: EHLO/HELO, MAIL FROM,
 * RCPT TO, DATA, RSET, NOOP, QUIT) on 127.0.0.1 only. It records what it accepts and can be told
 * to refuse a stage with a given reply, as a real server does when it is busy (4xx) or refuses (5xx).
 */
import net from 'node:net';

export interface ReceivedMail {
  /** Envelope sender (MAIL FROM). */
  from: string;
  /** Envelope recipients (RCPT TO). */
  to: string[];
  /** The message as transmitted, dot-unstuffed, CRLF line ends. */
  data: string;
  /** Header fields of `data`, names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** What follows the blank line after the headers. */
  body: string;
}

export interface FakeSmtpOptions {
  /** Refuse this stage with `reply` (e.g. '451 4.3.0 Try again later'). */
  refuse?: { stage: 'MAIL' | 'RCPT' | 'DATA'; reply: string };
}

export interface FakeSmtpServer {
  port: number;
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  /** Every command line received, in order. */
  commands: string[];
  /** The live options: change `refuse` between sends. */
  options: FakeSmtpOptions;
  close(): Promise<void>;
}

function parseMessage(data: string): Pick<ReceivedMail, 'headers' | 'body'> {
  const split = data.indexOf('\r\n\r\n');
  const head = split === -1 ? data : data.slice(0, split);
  const body = split === -1 ? '' : data.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

const address = (arg: string) => /<([^>]*)>/.exec(arg)?.[1] ?? arg.trim();

export async function startFakeSmtpServer(options: FakeSmtpOptions = {}): Promise<FakeSmtpServer> {
  const received: ReceivedMail[] = [];
  const commands: string[] = [];
  const sockets = new Set<net.Socket>();

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.setEncoding('utf8');
    const reply = (line: string) => socket.write(`${line}\r\n`);

    let buffer = '';
    let inData = false;
    let dataLines: string[] = [];
    let from = '';
    let to: string[] = [];
    const reset = () => {
      from = '';
      to = [];
    };

    const onCommand = (line: string) => {
      commands.push(line);
      const verb = line.split(/[ :]/, 1)[0]!.toUpperCase();
      const refuse = options.refuse;
      switch (verb) {
        case 'EHLO':
          return reply('250-fake.smtp.test greets you\r\n250-8BITMIME\r\n250 SMTPUTF8');
        case 'HELO':
          return reply('250 fake.smtp.test');
        case 'MAIL':
          if (refuse?.stage === 'MAIL') return reply(refuse.reply);
          reset();
          from = address(line.slice(line.indexOf(':') + 1));
          return reply('250 2.1.0 Ok');
        case 'RCPT':
          if (refuse?.stage === 'RCPT') return reply(refuse.reply);
          to.push(address(line.slice(line.indexOf(':') + 1)));
          return reply('250 2.1.5 Ok');
        case 'DATA':
          if (!from || !to.length) return reply('503 5.5.1 Bad sequence of commands');
          inData = true;
          dataLines = [];
          return reply('354 End data with <CR><LF>.<CR><LF>');
        case 'RSET':
          reset();
          return reply('250 2.0.0 Ok');
        case 'NOOP':
          return reply('250 2.0.0 Ok');
        case 'QUIT':
          reply('221 2.0.0 Bye');
          return socket.end();
        default:
          return reply('502 5.5.2 Command not recognized');
      }
    };

    const onDataLine = (line: string) => {
      if (line !== '.') {
        dataLines.push(line.startsWith('.') ? line.slice(1) : line);
        return;
      }
      inData = false;
      const refuse = options.refuse;
      if (refuse?.stage === 'DATA') {
        reset();
        return reply(refuse.reply);
      }
      const data = dataLines.join('\r\n');
      received.push({ from, to, data, ...parseMessage(data) });
      reset();
      reply('250 2.0.0 Ok: queued');
    };

    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) onDataLine(line);
        else onCommand(line);
      }
    });
    reply('220 fake.smtp.test ESMTP ready');
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    commands,
    options,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
