import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import fieldClasses from "~/ui/native-field.module.css";
import classes from "./comments.module.css";

type Person = { id: number; name: string };

/**
 * The comment's text and whom it mentions. Without JS: a textarea and a native multi-select of
 * accounts. With JS, typing "@" and a few letters in the text offers matching accounts (arrow
 * keys, Enter or a click): the name goes into the text and the account is selected below.
 */
export function MentionField({ people, defaultBody, defaultMentions, error, autoFocus }: { people: Person[]; defaultBody: string; defaultMentions: number[]; error?: string; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const text = useRef<HTMLTextAreaElement>(null);
  const select = useRef<HTMLSelectElement>(null);
  const [query, setQuery] = useState<{ term: string; start: number } | null>(null);
  const [active, setActive] = useState(0);
  const matches = query ? people.filter((p) => p.name.toLowerCase().includes(query.term.toLowerCase())).slice(0, 6) : [];

  const follow = () => {
    const area = text.current;
    if (!area) return;
    const before = area.value.slice(0, area.selectionStart);
    // Names have spaces: the term runs from the "@" to the caret, within one line.
    const at = before.match(/(^|\s)@([^@\n]{0,40})$/);
    setQuery(at ? { term: at[2], start: before.length - at[2].length - 1 } : null);
    setActive(0);
  };
  const choose = (person: Person) => {
    const area = text.current;
    if (!area || !query) return;
    const end = area.selectionStart;
    area.value = `${area.value.slice(0, query.start)}@${person.name} ${area.value.slice(end)}`;
    const caret = query.start + person.name.length + 2;
    area.setSelectionRange(caret, caret);
    area.focus();
    const option = Array.from(select.current?.options ?? []).find((o) => o.value === String(person.id));
    if (option) option.selected = true;
    setQuery(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!matches.length) return;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setActive((i) => (i + (event.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
    } else if (event.key === "Enter" || event.key === "Tab") {
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === "Escape") {
      setQuery(null);
    }
  };
  const listId = `${id}-people`;
  return (
    <div className={classes.fields}>
      <label className={classes.label} htmlFor={`${id}-body`}>
        {t("comments.body")}
      </label>
      <textarea
        ref={text}
        id={`${id}-body`}
        name="body"
        rows={4}
        defaultValue={defaultBody}
        className={classes.textarea}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        aria-invalid={error ? true : undefined}
        aria-autocomplete="list"
        aria-controls={matches.length ? listId : undefined}
        aria-activedescendant={matches.length ? `${listId}-${matches[active].id}` : undefined}
        autoFocus={autoFocus}
        onInput={follow}
        onClick={follow}
        onKeyDown={onKeyDown}
        onBlur={() => setTimeout(() => setQuery(null), 150)}
        data-testid="comment-body"
      />
      {matches.length ? (
        <ul id={listId} role="listbox" aria-label={t("comments.mentionSuggestions")} className={classes.suggestions} data-testid="mention-suggestions">
          {matches.map((person, index) => (
            <li
              key={person.id}
              id={`${listId}-${person.id}`}
              role="option"
              aria-selected={index === active}
              className={classes.suggestion}
              onMouseDown={(event) => {
                event.preventDefault();
                choose(person);
              }}
            >
              {person.name}
            </li>
          ))}
        </ul>
      ) : null}
      <p id={`${id}-hint`} className={fieldClasses.hint}>
        {t("comments.hint")}
      </p>
      {error ? (
        <p id={`${id}-error`} className={fieldClasses.error} role="alert">
          {error}
        </p>
      ) : null}
      <label className={classes.label} htmlFor={`${id}-mentions`}>
        {t("comments.mentions")}
      </label>
      <select ref={select} id={`${id}-mentions`} name="mentions" multiple size={Math.min(6, Math.max(3, people.length))} defaultValue={defaultMentions.map(String)} className={classes.select} data-testid="comment-mentions">
        {people.map((p) => (
          <option key={p.id} value={p.id}>
            {p.name}
          </option>
        ))}
      </select>
    </div>
  );
}
