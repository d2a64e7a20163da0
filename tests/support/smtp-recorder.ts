import { SMTPServer } from "smtp-server";

/** A mail as the SMTP server received it: envelope recipient and the raw message. */
export interface ReceivedMail {
  to: string;
  raw: string;
}

/**
 * A real SMTP server on a free loopback port that keeps what it receives (unit tests of the
 * notification mails). `refuse(address)` makes it refuse the next mail to that address, as a mail
 * server that fails in the middle of a run.
 */
export async function startSmtpRecorder() {
  const mails: ReceivedMail[] = [];
  const refused = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // The app keeps its SMTP connections open (a pool): at the end, close them at once.
    closeTimeout: 100,
    logger: false,
    // No reverse DNS lookup of 127.0.0.1 per connection (it waits for the resolver).
    disableReverseLookup: true,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (refused.delete(to)) return callback(new Error("550 mailbox unavailable"));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) mails.push({ to: rcpt.address.toLowerCase(), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    to: (address: string) => mails.filter((m) => m.to === address.toLowerCase()),
    refuse: (address: string) => refused.add(address.toLowerCase()),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
