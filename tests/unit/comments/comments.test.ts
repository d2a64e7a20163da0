import { describe, expect, it } from "vitest";
import { addComment, deleteComment, editComment, listThreads, renderComment, setThreadResolved } from "~/modules/comments/comments.server";
import { myWork } from "~/modules/mywork/my-work.server";
import { ForbiddenError, ValidationError } from "~/server/errors.server";
import { factories, unique } from "../../factories";
import { useTestDb } from "../../support/test-db";

// Comments (issue 36 §7, decision 0080): Markdown rendered through the comment sanitiser, threads,
// the 15-minute edit window, who deletes, resolving, mentions telling and listing the mentioned.
// Runs on SQLite and Postgres.

const t = useTestDb();
const make = factories(() => t.db);

async function setting() {
  const catalogueId = await make.catalogue({ title: unique("Kommentare") });
  const categoryId = await make.category(catalogueId, { name: unique("Kategorie") });
  const serviceId = await make.service(catalogueId, categoryId, { name: unique("Dienst") });
  const author = await make.user("keyuser", { name: unique("Autorin") });
  const colleague = await make.user("user", { name: unique("Kollege") });
  return { serviceId, author: { id: author.id, name: author.name, mayDeleteAny: false }, colleague: { id: colleague.id, name: colleague.name, mayDeleteAny: false } };
}

describe("comments", () => {
  it("renders bold, italic, lists and links; nothing a script could use", () => {
    const html = renderComment("**fett** *kursiv*\n\n- eins\n- zwei\n\n[Link](https://example.com) [böse](javascript:alert(1)) <script>alert(1)</script><img src=x onerror=alert(1)>");
    expect(html).toContain("<strong>fett</strong>");
    expect(html).toContain("<em>kursiv</em>");
    expect(html).toContain("<li>eins</li>");
    expect(html).toContain('<a href="https://example.com" target="_blank" rel="nofollow noopener noreferrer">Link</a>');
    expect(html).not.toMatch(/javascript:|<script|<img|onerror/);
  });

  it("threads with replies; a mention notifies and lists in My work until the thread is resolved", async () => {
    const { serviceId, author, colleague } = await setting();
    const first = await addComment(t.db, serviceId, { body: "Frage", mentions: [colleague.id] }, author);
    await addComment(t.db, serviceId, { body: "Antwort", mentions: [], thread: first }, colleague);
    const threads = await listThreads(t.db, serviceId, author);
    expect(threads).toHaveLength(1);
    expect(threads[0].comments.map((c) => c.html)).toEqual(["<p>Frage</p>\n", "<p>Antwort</p>\n"]);
    expect(threads[0].comments[0].mentions).toEqual([colleague.name]);
    const notes = await t.db.selectFrom("notifications").select(["kind", "actor_name"]).where("user_id", "=", colleague.id).execute();
    expect(notes).toEqual([{ kind: "mention", actor_name: author.name }]);
    expect((await myWork(t.db, { id: colleague.id, role: "user" })).mentions.rows.map((r) => r.id)).toEqual([serviceId]);
    expect(await setThreadResolved(t.db, serviceId, first, true, author)).toBe(true);
    expect(await setThreadResolved(t.db, serviceId, first, true, author)).toBe(false);
    expect((await myWork(t.db, { id: colleague.id, role: "user" })).mentions.total).toBe(0);
    // A reply is no thread: it cannot be resolved or replied to.
    const reply = threads[0].comments[1].id;
    await expect(addComment(t.db, serviceId, { body: "x", mentions: [], thread: reply }, author)).rejects.toThrow();
    const events = await t.db.selectFrom("activities").select("event").where("subject_type", "=", "service").where("subject_id", "=", String(serviceId)).orderBy("id").execute();
    expect(events.map((e) => e.event)).toEqual(["comment_added", "comment_added", "comment_thread_resolved"]);
  });

  it("edits own comments within 15 minutes only; deletes own, admins any; a forged mention is refused", async () => {
    const { serviceId, author, colleague } = await setting();
    const id = await addComment(t.db, serviceId, { body: "Entwurf", mentions: [] }, author);
    await expect(editComment(t.db, serviceId, id, { body: "fremd", mentions: [] }, colleague)).rejects.toBeInstanceOf(ForbiddenError);
    await editComment(t.db, serviceId, id, { body: "Besser", mentions: [colleague.id] }, author);
    expect((await t.db.selectFrom("notifications").select("kind").where("user_id", "=", colleague.id).execute()).map((n) => n.kind)).toEqual(["mention"]);
    const later = new Date(Date.now() + 16 * 60_000);
    await expect(editComment(t.db, serviceId, id, { body: "zu spät", mentions: [] }, author, later)).rejects.toBeInstanceOf(ValidationError);
    expect((await listThreads(t.db, serviceId, author, later))[0].comments[0].canEdit).toBe(false);
    await expect(addComment(t.db, serviceId, { body: "x", mentions: [999_999] }, author)).rejects.toBeInstanceOf(ValidationError);
    await expect(deleteComment(t.db, serviceId, id, colleague)).rejects.toBeInstanceOf(ForbiddenError);
    await deleteComment(t.db, serviceId, id, { ...colleague, mayDeleteAny: true });
    expect(await listThreads(t.db, serviceId, author)).toEqual([]);
  });
});
