import { IconFileTypeDocx } from "@tabler/icons-react";
import { useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { PlainButton, PlainLinkButton } from "~/ui/plain/Plain";
import { DOCX_MIME } from "../export";
import classes from "./word-export.module.css";

/**
 * The Word export's buttons. Without JS a plain link (or, for a selection, a form submit) whose
 * answer the browser saves as an attachment. With JS the file is fetched while the button says
 * "Export wird erstellt …" (a large catalogue takes a few seconds), then saved from a blob; a
 * refusal the user can fix (empty selection, too many services) is shown beside the button —
 * without JS the server sends the page back with it as a toast.
 */

function fileName(disposition: string | null): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? "");
  if (star) {
    try {
      return decodeURIComponent(star[1]);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="([^"]+)"/i.exec(disposition ?? "")?.[1] ?? "ServiceHub.docx";
}

function useDownload() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: "done" | "failed"; text: string } | null>(null);
  async function start(request: () => Promise<Response>) {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      const response = await request();
      if (response.ok && (response.headers.get("Content-Type") ?? "").startsWith(DOCX_MIME)) {
        const url = URL.createObjectURL(await response.blob());
        const link = document.createElement("a");
        link.href = url;
        link.download = fileName(response.headers.get("Content-Disposition"));
        document.body.append(link);
        link.click();
        link.remove();
        setTimeout(() => URL.revokeObjectURL(url), 60_000);
        setMessage({ kind: "done", text: t("wordexport.done") });
      } else if ((response.headers.get("Content-Type") ?? "").includes("application/json")) {
        // Something the user can fix (nothing selected, too many services): the server says what.
        const refusal = (await response.json()) as { message?: string; values?: Record<string, number> };
        setMessage({ kind: "failed", text: refusal.message?.startsWith("wordexport.") ? t(refusal.message, refusal.values) : t("wordexport.failed") });
      } else {
        setMessage({ kind: "failed", text: t("wordexport.failed") });
      }
    } catch {
      setMessage({ kind: "failed", text: t("wordexport.failed") });
    } finally {
      setBusy(false);
    }
  }
  return { busy, message, start };
}

/** The file, or (for a refusal) a message to show. */
const ACCEPT = { Accept: `${DOCX_MIME}, application/json;q=0.5` };

const plainClick = (event: MouseEvent) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function Status({ busy, message }: { busy: boolean; message: { kind: "done" | "failed"; text: string } | null }) {
  const { t } = useTranslation();
  return (
    <>
      <span role="status" className={busy || message?.kind === "done" ? classes.status : "visually-hidden"}>
        {busy ? t("wordexport.busy") : message?.kind === "done" ? message.text : ""}
      </span>
      {message?.kind === "failed" ? (
        <span role="alert" className={classes.error}>
          {message.text}
        </span>
      ) : null}
    </>
  );
}

/** A link to an export (catalogue, filter or service). */
export function WordExportLink({ href, label, testId }: { href: string; label: string; testId?: string }) {
  const { busy, message, start } = useDownload();
  return (
    <span className={classes.wrap}>
      <PlainLinkButton
        href={href}
        download
        variant="default"
        leftSection={busy ? <span className={classes.spinner} aria-hidden /> : <IconFileTypeDocx size={16} aria-hidden />}
        aria-disabled={busy || undefined}
        data-testid={testId}
        onClick={(event) => {
          if (!plainClick(event)) return;
          event.preventDefault();
          void start(() => fetch(href, { credentials: "same-origin", headers: ACCEPT }));
        }}
      >
        {label}
      </PlainLinkButton>
      <Status busy={busy} message={message} />
    </span>
  );
}

/** A submit button of a selection form that posts the checked boxes to `formAction` for export. */
export function WordExportSubmit({ formAction, label, testId }: { formAction: string; label: string; testId?: string }) {
  const { busy, message, start } = useDownload();
  return (
    <span className={classes.wrap}>
      <PlainButton
        type="submit"
        formAction={formAction}
        formMethod="post"
        variant="default"
        leftSection={busy ? <span className={classes.spinner} aria-hidden /> : <IconFileTypeDocx size={16} aria-hidden />}
        disabled={busy}
        data-testid={testId}
        onClick={(event) => {
          const form = event.currentTarget.form;
          if (!form) return;
          event.preventDefault();
          const body = new URLSearchParams();
          for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
          void start(() => fetch(formAction, { method: "POST", body, credentials: "same-origin", headers: ACCEPT }));
        }}
      >
        {label}
      </PlainButton>
      <Status busy={busy} message={message} />
    </span>
  );
}
