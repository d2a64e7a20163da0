import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { startAiProvider } from "./ai-provider";
import { AXE_SCRIPT } from "./sweeps";

/**
 * A real SMTP server for the run: the app sends password-reset mails to it over SMTP, and each
 * mail is written to E2E_RUN_DIR/mail/<recipient>.eml for the tests to read (the latest one),
 * and counted in <recipient>.log. And the AI provider the app's AI_BASE_URL points at (an
 * OpenAI-compatible mock on E2E_AI_PORT, tests/support/ai-provider.ts). And axe-core's script on
 * E2E_AXE_PORT, cacheable, for the sweeps (tests/support/sweeps.ts).
 */
export default async function globalSetup() {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dir = path.join(process.env.E2E_RUN_DIR ?? "data/e2e", "mail");
  fs.mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    // The app keeps its SMTP connections open (a pool): at the end, close them at once.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        for (const rcpt of session.envelope.rcptTo) {
          fs.writeFileSync(path.join(dir, `${rcpt.address.toLowerCase()}.eml`), Buffer.concat(chunks));
          // One line per mail, so a test can count how many an address got.
          fs.appendFileSync(path.join(dir, `${rcpt.address.toLowerCase()}.log`), `${new Date().toISOString()}\n`);
          // And every mail kept, for an address that parallel tests share (findMail).
          const all = path.join(dir, rcpt.address.toLowerCase());
          fs.mkdirSync(all, { recursive: true });
          fs.writeFileSync(path.join(all, `${Date.now()}-${Math.random().toString(36).slice(2)}.eml`), Buffer.concat(chunks));
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const ai = await startAiProvider({ port: Number(process.env.E2E_AI_PORT), apiKey: process.env.AI_API_KEY });
  const axe = fs.readFileSync(AXE_SCRIPT);
  const axeServer = http.createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/javascript", "cache-control": "public, max-age=31536000, immutable" });
    response.end(axe);
  });
  if (process.env.E2E_AXE_PORT) await new Promise<void>((resolve) => axeServer.listen(Number(process.env.E2E_AXE_PORT), "127.0.0.1", resolve));
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    axeServer.close();
    await ai.stop();
  };
}
