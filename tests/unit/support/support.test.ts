import { describe, expect, it } from "vitest";
import { createTicket, listTickets, submitTicket, TICKETS_PAGE_SIZE, type MailDeps } from "~/modules/support/support.server";
import { listActivitiesFor } from "~/server/audit.server";
import { ValidationError } from "~/server/errors.server";
import type { Mail } from "~/server/mailer.server";
import { factories } from "../../factories";
import { useTestDb } from "../../support/test-db";

/** Support tickets (issue 16 §6): stored sanitised with the sender, mailed to support, kept when the mail fails. */
const t = useTestDb();
const make = factories(() => t.db);

function mailer(to: string | null = "support@example.com") {
  const sent: Mail[] = [];
  const deps: MailDeps = { to: to ?? undefined, send: async (mail) => void sent.push(mail), intro: (ticket) => `Ticket von ${ticket.user_name}` };
  return { sent, deps };
}

const ticket = (id: number) => t.db.selectFrom("support_tickets").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("support tickets", () => {
  it("are stored sanitised (the editor's tags kept, scripts and handlers gone), mailed to support with the subject and reply-to, and audited", async () => {
    const user = await make.user("client", { name: "Erika Muster" });
    const { sent, deps } = mailer();
    const html =
      '<p><strong>fett</strong> <em>kursiv</em> <u>unter</u><script>alert("x")</script></p><ol><li><p>eins</p></li></ol><ul><li><p onclick="evil()">zwei</p></li></ul><img src=x onerror="evil()">';
    const { id, mailed } = await submitTicket(t.db, user, { message: html, host: "acme.servicehub.example" }, deps);
    expect(mailed).toBe(true);
    const row = await ticket(id);
    expect(row).toMatchObject({ user_id: user.id, user_name: "Erika Muster", user_email: user.email, host: "acme.servicehub.example", subject: "acme Supportticket", status: "sent", mail_error: null });
    expect(row.message).toBe("<p><strong>fett</strong> <em>kursiv</em> <u>unter</u></p><ol><li><p>eins</p></li></ol><ul><li><p>zwei</p></li></ul>");
    expect(Date.parse(row.sent_at ?? "")).toBeGreaterThan(Date.now() - 60_000);

    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: "support@example.com", subject: "acme Supportticket", replyTo: user.email });
    expect(sent[0].text).toBe("Ticket von Erika Muster\n\nfett kursiv unter\n1. eins\n• zwei\n");
    expect(sent[0].html).toContain(row.message);
    expect(`${sent[0].text}${sent[0].html}`).not.toMatch(/script|alert|onclick|onerror/);

    const [activity] = await listActivitiesFor(t.db, "support_ticket", id);
    expect(activity).toMatchObject({ event: "created", causer_id: user.id });
    expect(JSON.parse(activity.new_values ?? "{}")).toEqual({ subject: "acme Supportticket", host: "acme.servicehub.example" });
  });

  it("escape the sender's name in the mail's HTML", async () => {
    const user = await make.user("user", { name: "<b>Mallory</b>" });
    const { sent, deps } = mailer();
    await submitTicket(t.db, user, { message: "<p>Hallo</p>", host: "localhost" }, { ...deps, intro: (row) => `Ticket von ${row.user_name}` });
    expect(sent[0].html).toContain("Ticket von &lt;b&gt;Mallory&lt;/b&gt;");
    expect(sent[0].subject).toBe("localhost Supportticket");
  });

  it("take plain text from the form without JS as one paragraph per line", async () => {
    const user = await make.user("user");
    const { id } = await createTicket(t.db, user, { message: "Erste Zeile\r\nZweite Zeile & mehr > weniger", host: "127.0.0.1" });
    expect(await ticket(id)).toMatchObject({ message: "<p>Erste Zeile</p><p>Zweite Zeile &amp; mehr &gt; weniger</p>", subject: "127.0.0.1 Supportticket", status: "open" });
  });

  it.each(["", "   ", "<p></p>", "<script>alert(1)</script>", "<p><img src=x></p>", "<ul><li><p> </p></li></ul>"])(
    "refuse a message that is empty once sanitised (%j) and store nothing",
    async (message) => {
      const user = await make.user("user");
      const { sent, deps } = mailer();
      const before = await t.db.selectFrom("support_tickets").select("id").execute();
      const refused = await submitTicket(t.db, user, { message, host: "localhost" }, deps).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(ValidationError);
      expect((refused as ValidationError).errors).toEqual({ message: "support.messageEmpty" });
      expect(await t.db.selectFrom("support_tickets").select("id").execute()).toEqual(before);
      expect(sent).toHaveLength(0);
    },
  );

  it("stay stored with the reason when the mail fails", async () => {
    const user = await make.user("keyuser");
    const deps: MailDeps = { to: "support@example.com", intro: () => "x", send: async () => Promise.reject(new Error("connect ECONNREFUSED 127.0.0.1:1")) };
    const { id, mailed } = await submitTicket(t.db, user, { message: "<p>Hilfe</p>", host: "localhost" }, deps);
    expect(mailed).toBe(false);
    expect(await ticket(id)).toMatchObject({ status: "failed", mail_error: "connect ECONNREFUSED 127.0.0.1:1", sent_at: null, message: "<p>Hilfe</p>" });
  });

  it("stay stored as 'unaddressed' (no mail tried, no error recorded) when SUPPORT_EMAIL is not set", async () => {
    const user = await make.user("keyuser");
    const { sent, deps } = mailer(null);
    const { id, mailed } = await submitTicket(t.db, user, { message: "<p>Hilfe</p>", host: "localhost" }, deps);
    expect(mailed).toBe(false);
    expect(sent).toHaveLength(0);
    expect(await ticket(id)).toMatchObject({ status: "unaddressed", mail_error: null, sent_at: null });
  });

  it("keep who sent them when the account is deleted", async () => {
    const user = await make.user("client", { name: "Gone Soon" });
    const { id } = await createTicket(t.db, user, { message: "<p>x</p>", host: "localhost" });
    await t.db.deleteFrom("activities").where("causer_id", "=", user.id).execute();
    await t.db.deleteFrom("users").where("id", "=", user.id).execute();
    expect(await ticket(id)).toMatchObject({ user_id: null, user_name: "Gone Soon", user_email: user.email });
  });

  it("are listed newest first, 25 a page; a page past the end shows the last", async () => {
    const user = await make.user("client");
    await t.db.deleteFrom("support_tickets").execute();
    const ids: number[] = [];
    for (let i = 0; i < TICKETS_PAGE_SIZE + 3; i++) ids.push((await createTicket(t.db, user, { message: `<p>Ticket ${i}</p>`, host: "localhost" })).id);
    const first = await listTickets(t.db, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total: TICKETS_PAGE_SIZE + 3 });
    expect(first.tickets.map((row) => row.id)).toEqual([...ids].reverse().slice(0, TICKETS_PAGE_SIZE));
    const second = await listTickets(t.db, 2);
    expect(second.tickets.map((row) => row.message)).toEqual(["<p>Ticket 2</p>", "<p>Ticket 1</p>", "<p>Ticket 0</p>"]);
    expect((await listTickets(t.db, 99)).page).toBe(2);
    expect((await listTickets(t.db, 0)).page).toBe(1);
  });
});
