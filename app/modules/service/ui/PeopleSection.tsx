import { useLocation, useNavigate } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { UserPicker } from "~/ui/UserPicker";
import { useTranslation } from "react-i18next";
import { translateError } from "~/ui/forms";
import type { PeoplePanel } from "../responsible";
import { resultFor, type ServiceAnswer } from "../types";
import { ServiceSection, SectionForm } from "./ServiceSection";
import classes from "./service.module.css";

/**
 * Who is responsible for the service (issue 36 §3): user accounts named here, and those its owners
 * name as representatives. The accounts are picked with the shared UserPicker (a multi-select;
 * with JS narrowed by a search box).
 */
export function PeopleSection({ panel, updatedAt, canEdit, result }: { panel: PeoplePanel; updatedAt: string; canEdit: boolean; result?: ServiceAnswer }) {
  const { t } = useTranslation();
  const mine = resultFor(result, "people");
  return (
    <ServiceSection
      id="people"
      title={t("service.people.title")}
      empty={panel.list.length === 0}
      editOpen={Boolean(mine)}
      form={
        canEdit ? (
          <SectionForm key={updatedAt} intent="people" updatedAt={updatedAt} errors={mine?.errors} stale={mine?.errors._form === "service.stale"}>
            {panel.choices ? (
              <UserPicker
                name="users"
                label={t("service.people.field")}
                searchLabel={t("service.people.search")}
                hint={t("service.people.hint")}
                error={translateError(t, mine?.errors.users)}
                users={panel.choices}
                chosen={panel.list.filter((p) => p.direct).map((p) => p.id)}
                testId="people-select"
              />
            ) : (
              <LoadChoices />
            )}
          </SectionForm>
        ) : undefined
      }
    >
      {panel.list.length ? (
        <ul className={classes.peopleList} data-testid="people-list">
          {panel.list.map((p) => (
            <li key={p.id}>
              {p.name}
              {p.via.length ? <span className={classes.reviewInterval}> · {t("service.people.via", { owners: p.via.join(", ") })}</span> : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className={classes.reviewInterval}>{t("service.people.none")}</p>
      )}
    </ServiceSection>
  );
}

/**
 * Opened with JS on a page loaded without `?edit=people`: the accounts to choose from come with
 * that address (they are read only for an open editor), so go there — a client-side navigation,
 * once the disclosure is really open (a closed one may render its body after a save).
 */
function LoadChoices() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const link = useRef<HTMLAnchorElement>(null);
  const query = new URLSearchParams(location.search);
  query.set("edit", "people");
  const href = `?${query.toString()}#people`;
  useEffect(() => {
    const details = link.current?.closest("details");
    const go = () => navigate(href, { replace: true, preventScrollReset: true });
    if (!details) return;
    if (details.open) return void go();
    const onToggle = () => details.open && go();
    details.addEventListener("toggle", onToggle);
    return () => details.removeEventListener("toggle", onToggle);
  }, [navigate, href]);
  return (
    <a ref={link} href={href}>
      {t("service.people.load")}
    </a>
  );
}
