import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { NonceProvider } from "./ui/nonce";
import { i18next, pageTextsFor } from "./i18n/i18next.server";
import { I18nextProvider } from "./i18n/page-texts/react-i18next";
import { nulByteFilter } from "./server/nul-bytes.server";
import { scriptsAfterPaint } from "./server/scripts-after-paint.server";
import { startSchedule as startScheduleRuns } from "./modules/notifications/schedule.server";
import { getDb } from "./server/db/db.server";
import { env } from "./server/env.server";

const ABORT_DELAY = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // One shared set of texts per language, so concurrent requests in different languages never mix.
  const texts = pageTextsFor(await i18next.getLocale(request));
  const nonce = typeof loadContext.cspNonce === "string" ? loadContext.cspNonce : undefined;
  const callbackName = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={texts}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [callbackName]: () => {
          shellRendered = true;
          const body = nulByteFilter();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          const scripts = scriptsAfterPaint();
          scripts.pipe(body);
          pipe(scripts);
          // Only what is still pending once the shell is out (deferred data) is cut off. Counted
          // from the start, a page that merely waited for the CPU on a busy server was aborted
          // and answered 500 (issue 21 §3, docs/decisions/0040-durability-and-backup.md).
          setTimeout(abort, ABORT_DELAY).unref();
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

// For server.mjs (issue 21 §7): /healthz's database check, closing the database at shutdown and
// the signed-in user's id for the request log.
export { closeDatabase, databaseReachable, onRequestUser } from "./server/operations.server";

/** server.mjs starts the schedule once it listens and stops it before the database closes (issue 36 §6). */
export function startSchedule(): void {
  startScheduleRuns(getDb, env().SCHEDULE_EVERY_SECONDS);
}
export { stopSchedule } from "./modules/notifications/schedule.server";
