import { simpleParser, type ParsedMail } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  mail: ParsedMail;
  /** Envelope recipients (RCPT TO), which include Bcc-like addresses absent from the headers. */
  recipients: string[];
}

/**
 * A real SMTP server on loopback (smtp-server) that parses what arrives (mailparser) and, on demand, answers the
 * DATA command with a 4xx or 5xx reply instead of accepting the message.
 */
export class SmtpTestServer {
  readonly received: ReceivedMail[] = [];
  private readonly replies: number[] = [];
  private always: number | null = null;
  private readonly waiters: Array<() => void> = [];

  private constructor(private readonly server: SMTPServer, readonly port: number) {}

  static async start(): Promise<SmtpTestServer> {
    let self: SmtpTestServer | undefined;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 100,
      size: 30 * 1024 * 1024,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const code = self!.nextReply();
          if (code !== null) {
            const error = Object.assign(new Error(code >= 500 ? 'Message rejected for good' : 'Mailbox busy, try again later'), { responseCode: code });
            return callback(error);
          }
          const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          simpleParser(Buffer.concat(chunks))
            .then((mail) => self!.accept({ mail, recipients }))
            .then(() => callback(), callback);
        });
      },
    });
    const listening = await new Promise<{ address(): unknown }>((resolve) => {
      const socket = server.listen(0, '127.0.0.1', () => resolve(socket));
    });
    const port = (listening.address() as AddressInfo).port;
    self = new SmtpTestServer(server, port);
    return self;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** The next `times` messages get this reply code (e.g. 451, 550) instead of being accepted. */
  replyNext(code: number, times = 1): void {
    for (let i = 0; i < times; i += 1) this.replies.push(code);
  }

  /** Every message gets this reply code until called again with null. */
  replyAlways(code: number | null): void {
    this.always = code;
  }

  private nextReply(): number | null {
    return this.replies.shift() ?? this.always;
  }

  private accept(received: ReceivedMail): void {
    this.received.push(received);
    this.waiters.splice(0).forEach((wake) => wake());
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mail(s); received ${this.received.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return this.received;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
