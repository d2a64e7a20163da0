import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { Form, Link, useLocation, useNavigate, useOutlet } from "@remix-run/react";
import { IconPlus, IconSearch } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { BaseDataActionData, EntityDef } from "~/modules/basedata/entities";
import { translateError } from "~/ui/forms";
import { PageLinks } from "../../../ui/PageLinks";
import { EntryRow, type EntryRowRecord } from "./EntryRow";
import { ShortcutHelp } from "./ShortcutHelp";
import { useListShortcuts } from "./useListShortcuts";
import { EmptyState } from "~/ui/EmptyState";
import { displayValue } from "./RecordFields";
import classes from "./BaseDataList.module.css";

export interface BaseDataListData {
  rows: EntryRowRecord[];
  total: number;
  page: number;
  pageCount: number;
  sort: string;
  dir: "asc" | "desc";
  q: string;
}

type Mode = { type: "idle" } | { type: "create"; key: number } | { type: "edit"; id: number };

/**
 * The one list of every base-data screen: search, sortable columns, pagination, usage counts,
 * links to the nested new/edit/delete routes (the no-JS path), and with JS the keyboard entry.
 */
export function BaseDataList({ def, list }: { def: EntityDef; list: BaseDataListData }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const outlet = useOutlet();
  const [mode, setMode] = useState<Mode>({ type: "idle" });
  const [selected, setSelected] = useState(0);
  const [helpOpen, setHelpOpen] = useState(false);
  const [rowError, setRowError] = useState<BaseDataActionData | null>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const searchRef = useRef<HTMLInputElement>(null);
  const columns = def.fields.filter((f) => f.column);
  const search = location.search;
  const rows = list.rows;
  const current = rows[Math.min(selected, rows.length - 1)];

  const focusGrid = () => gridRef.current?.focus();
  const startCreate = () => {
    setRowError(null);
    setMode({ type: "create", key: Date.now() });
  };

  useListShortcuts({
    enabled: !outlet,
    gridRef,
    onNew: startCreate,
    onSearch: () => {
      searchRef.current?.focus();
      searchRef.current?.select();
    },
    onHelp: () => setHelpOpen((o) => !o),
    onMove: (delta) => {
      setSelected((s) => Math.max(0, Math.min(rows.length - 1, s + delta)));
      focusGrid();
    },
    onEdit: () => {
      if (current) {
        setRowError(null);
        setMode({ type: "edit", id: current.id });
      }
    },
    onDelete: () => {
      if (current) navigate(`${def.basePath}/${current.id}/delete${search}`);
    },
  });

  // Back from a dialog route (edit, delete): the table takes the focus again.
  const hadOutlet = useRef(Boolean(outlet));
  useEffect(() => {
    if (hadOutlet.current && !outlet) focusGrid();
    hadOutlet.current = Boolean(outlet);
  }, [outlet]);

  useEffect(() => {
    if (selected > rows.length - 1) setSelected(Math.max(0, rows.length - 1));
  }, [rows.length, selected]);

  useEffect(() => {
    if (current) document.getElementById(`row-${current.id}`)?.scrollIntoView({ block: "nearest" });
  }, [current]);

  const sortHref = (field: string) => {
    const params = new URLSearchParams(search);
    const dir = list.sort === field && list.dir === "asc" ? "desc" : "asc";
    params.set("sort", field);
    params.set("dir", dir);
    params.delete("page");
    return `?${params}`;
  };
  const ariaSort = (field: string) => (list.sort === field ? (list.dir === "asc" ? "ascending" : "descending") : undefined);
  const header = (field: string, label: string) => (
    <Table.Th key={field} aria-sort={ariaSort(field)}>
      <Link to={sortHref(field)} className={classes.sortLink} data-testid={`sort-${field}`}>
        {label}
        {list.sort === field ? <span aria-hidden>{list.dir === "asc" ? " ▲" : " ▼"}</span> : null}
      </Link>
    </Table.Th>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={1}>{t(`basedata.${def.key}.title`)}</Title>
        <Group gap="xs">
          <ShortcutHelp opened={helpOpen} onChange={setHelpOpen} />
          <Button component={Link} to={`${def.basePath}/new${search}`} leftSection={<IconPlus size={16} aria-hidden />} data-testid="new-record">
            {t("basedata.new")}
          </Button>
        </Group>
      </Group>
      <Form method="get" role="search" className={classes.search}>
        <input type="hidden" name="sort" value={list.sort} />
        <input type="hidden" name="dir" value={list.dir} />
        <TextInput
          ref={searchRef}
          name="q"
          type="search"
          label={t("basedata.search")}
          defaultValue={list.q}
          leftSection={<IconSearch size={16} aria-hidden />}
          aria-keyshortcuts="/"
          style={{ flex: 1 }}
        />
        <Button type="submit" variant="default">
          {t("basedata.searchSubmit")}
        </Button>
      </Form>
      {rowError && !rowError.ok && rowError.errors._form ? (
        <Alert color={rowError.errors._form === "basedata.stale" ? "orange" : "red"} role="alert" data-testid="form-error">
          {translateError(t, rowError.errors._form)}
        </Alert>
      ) : null}
      <div className={classes.tableWrap}>
        <Table
          ref={gridRef}
          role="grid"
          tabIndex={0}
          aria-label={t(`basedata.${def.key}.title`)}
          aria-activedescendant={current && mode.type === "idle" ? `row-${current.id}` : undefined}
          highlightOnHover
          className={classes.table}
          data-testid="records"
          data-row-actions
        >
          <Table.Thead>
            <Table.Tr>
              {columns.map((f) => (f.type === "list" ? <Table.Th key={f.name}>{t(`fields.${f.name}`)}</Table.Th> : header(f.name, t(`fields.${f.name}`))))}
              {def.hasUsage ? header("usage", t("basedata.usage")) : null}
              <Table.Th>
                <span className="visually-hidden">{t("basedata.actions")}</span>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {mode.type === "create" ? (
              <EntryRow
                key={mode.key}
                def={def}
                columns={columns}
                actionPath={`${def.basePath}${search}`}
                onSaved={() => {
                  setRowError(null);
                  setMode({ type: "create", key: Date.now() });
                }}
                onCancel={() => {
                  setRowError(null);
                  setMode({ type: "idle" });
                  focusGrid();
                }}
                onFormError={setRowError}
              />
            ) : null}
            {rows.map((row, index) =>
              mode.type === "edit" && mode.id === row.id ? (
                <EntryRow
                  key={`edit-${row.id}`}
                  def={def}
                  columns={columns}
                  record={row}
                  actionPath={`${def.basePath}${search}`}
                  onSaved={() => {
                    setRowError(null);
                    setMode({ type: "idle" });
                    focusGrid();
                  }}
                  onCancel={() => {
                    setRowError(null);
                    setMode({ type: "idle" });
                    focusGrid();
                  }}
                  onFormError={setRowError}
                />
              ) : (
                <Table.Tr
                  key={row.id}
                  id={`row-${row.id}`}
                  aria-selected={index === selected}
                  data-selected={index === selected ? "" : undefined}
                  className={classes.row}
                  onClick={() => setSelected(index)}
                  data-testid="record-row"
                >
                  {columns.map((f, i) => {
                    const value = row[f.name];
                    const text = displayValue(f, value, ", ");
                    return (
                      <Table.Td key={f.name} className={f.type === "textarea" ? classes.clamp : undefined}>
                        {i === 0 ? (
                          <Anchor component={Link} to={`${def.basePath}/${row.id}`}>
                            {text}
                          </Anchor>
                        ) : (
                          text
                        )}
                      </Table.Td>
                    );
                  })}
                  {def.hasUsage ? <Table.Td data-testid="usage">{String(row.usage_count ?? 0)}</Table.Td> : null}
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Anchor component={Link} to={`${def.basePath}/${row.id}/edit${search}`} size="sm">
                        {t("basedata.edit")}
                      </Anchor>
                      <Anchor component={Link} to={`${def.basePath}/${row.id}/delete${search}`} size="sm" c="red.8">
                        {t("basedata.delete")}
                      </Anchor>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ),
            )}
            {rows.length === 0 && mode.type !== "create" ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length + 2}>
                  {list.q ? (
                    <Text c="dimmed" size="sm">
                      {t("basedata.noMatches")}
                    </Text>
                  ) : (
                    <EmptyState message={t("basedata.emptyTitle")} hint={t("basedata.empty")} action={{ label: t("basedata.new"), to: `${def.basePath}/new` }} testId="basedata-empty" />
                  )}
                </Table.Td>
              </Table.Tr>
            ) : null}
          </Table.Tbody>
        </Table>
      </div>
      <PageLinks page={list.page} pageCount={list.pageCount} total={list.total} />
      {outlet}
    </Stack>
  );
}
