import { Link, useNavigate } from "@remix-run/react";
import type { MouseEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { catalogueTitle } from "~/modules/catalogue/catalogue-title";
import { grantsPath } from "../grants-path";
import type { GrantCatalogue, GrantCategory, GrantService } from "../grants-schema";
import { GrantToggle } from "./GrantToggle";
import classes from "./grants.module.css";

/** The opened category's services, one page of them. */
export interface OpenedCategory {
  category: { id: number; name: string };
  services: GrantService[];
  total: number;
  page: number;
  pageCount: number;
}

/**
 * The categories of every catalogue, grouped by area, each with its grant toggle; the one category
 * the admin opened (`?category=`) also lists its services, each with its own toggle. Only that
 * category's services are loaded: a big catalogue has 100k of them.
 */
export function CategoryGrants({ userId, catalogues, opened, action }: { userId: number; catalogues: GrantCatalogue[]; opened: OpenedCategory | null; action: string }) {
  const { t } = useTranslation();
  return (
    <>
      {catalogues.map((catalogue) => (
        <section key={catalogue.id} className={classes.catalogue} aria-labelledby={`catalogue-${catalogue.id}`} data-testid={`grant-catalogue-${catalogue.id}`}>
          <div className={classes.catalogueHead}>
            <h3 className={classes.catalogueTitle} id={`catalogue-${catalogue.id}`}>
              {catalogueTitle(t, catalogue)}
            </h3>
            <p className={classes.dim}>{t("grants.list.catalogueSummary", { granted: catalogue.grantedCount, total: catalogue.categoryCount })}</p>
          </div>
          {catalogue.categoryCount === 0 ? <p className={classes.dim}>{t("grants.list.noCategories")}</p> : null}
          {catalogue.areas.map((area) => (
            <div key={area.id ?? "none"}>
              <h4 className={classes.areaTitle}>{area.name ?? t("catalogue.noArea")}</h4>
              <ul className={classes.rows}>
                {area.categories.map((category) => (
                  <CategoryRow key={category.id} userId={userId} category={category} opened={opened?.category.id === category.id ? opened : null} action={action} />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}

function CategoryRow({ userId, category, opened, action }: { userId: number; category: GrantCategory; opened: OpenedCategory | null; action: string }) {
  const { t } = useTranslation();
  const fields = { categoryId: String(category.id) };
  const anchor = `category-${category.id}`;
  return (
    <li className={classes.row} id={anchor} data-testid={anchor}>
      <span className={classes.rowName}>
        {category.name}
        {category.grantedServices > 0 ? <span className={classes.rowMeta}>{t("grants.list.singleGrants", { count: category.grantedServices })}</span> : null}
      </span>
      <DisclosureLink to={grantsPath(userId, { category: opened ? null : category.id })} anchor={anchor} expanded={Boolean(opened)}>
        {opened ? t("grants.list.hideServices") : t("grants.list.showServices")}
        <span className="visually-hidden">: {category.name}</span>
      </DisclosureLink>
      <GrantToggle
        action={action}
        on={category.granted}
        turnOn={{ intent: "grant-category", fields }}
        turnOff={{ intent: "revoke-category", fields }}
        state={[t("grants.list.granted"), t("grants.list.notGranted")]}
        button={[t("grants.list.grant"), t("grants.list.revoke")]}
        subject={category.name}
        testId={`toggle-category-${category.id}`}
      />
      {opened ? <ServiceGrants userId={userId} opened={opened} categoryGranted={category.granted} action={action} /> : null}
    </li>
  );
}

function ServiceGrants({ userId, opened, categoryGranted, action }: { userId: number; opened: OpenedCategory; categoryGranted: boolean; action: string }) {
  const { t } = useTranslation();
  const { category, services, page, pageCount } = opened;
  const anchor = `category-${category.id}`;
  return (
    <div className={classes.services} data-testid="opened-services">
      <h5 className={classes.servicesTitle}>{t("grants.list.servicesOf", { name: category.name })}</h5>
      {services.length === 0 ? <p className={classes.dim}>{t("grants.list.noServices")}</p> : null}
      <ul className={classes.rows}>
        {services.map((service) => {
          const fields = { serviceId: String(service.id) };
          return (
            <li key={service.id} className={classes.row} id={`service-${service.id}`} data-testid={`service-${service.id}`}>
              <span className={classes.rowName}>
                <Link to={`/servicecatalog/service/${service.id}`}>{service.name}</Link>
                {categoryGranted ? <span className={classes.rowMeta}>{t("grants.list.viaCategory")}</span> : null}
              </span>
              <GrantToggle
                action={action}
                on={service.granted}
                turnOn={{ intent: "grant-service", fields }}
                turnOff={{ intent: "revoke-service", fields }}
                // Under a granted category the service's own grant is the "single" one.
                state={categoryGranted ? [t("grants.list.singly"), t("grants.list.notSingly")] : [t("grants.list.granted"), t("grants.list.notGranted")]}
                button={[t("grants.list.grant"), t("grants.list.revoke")]}
                subject={service.name}
                testId={`toggle-service-${service.id}`}
              />
            </li>
          );
        })}
      </ul>
      {pageCount > 1 ? (
        <nav className={classes.pager} aria-label={t("grants.list.servicePages")}>
          {page > 1 ? (
            <DisclosureLink to={grantsPath(userId, { category: category.id, page: page - 1 })} anchor={anchor}>
              {t("list.previous")}
            </DisclosureLink>
          ) : null}
          <span>{t("grants.list.pageOf", { page, pages: pageCount })}</span>
          {page < pageCount ? (
            <DisclosureLink to={grantsPath(userId, { category: category.id, page: page + 1 })} anchor={anchor}>
              {t("list.next")}
            </DisclosureLink>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}

/**
 * A link that opens or closes a category's services. Without JS it carries the row's anchor, so
 * the reloaded page shows that row; with JS it navigates in place (no jump).
 */
function DisclosureLink({ to, anchor, expanded, children }: { to: string; anchor: string; expanded?: boolean; children: ReactNode }) {
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    navigate(to, { preventScrollReset: true });
  };
  return (
    <Link to={`${to}#${anchor}`} onClick={onClick} aria-expanded={expanded} className={classes.wrap}>
      {children}
    </Link>
  );
}
