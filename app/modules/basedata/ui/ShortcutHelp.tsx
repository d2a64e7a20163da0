import { Kbd, Table } from "@mantine/core";
import { IconKeyboard } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { DisclosureMenu } from "~/ui/DisclosureMenu";
import classes from "./ShortcutHelp.module.css";

const SHORTCUTS: [string[], string][] = [
  [["n", "Alt+N"], "basedata.keys.new"],
  [["Tab"], "basedata.keys.tab"],
  [["Enter"], "basedata.keys.save"],
  [["Esc"], "basedata.keys.cancel"],
  [["↑", "↓"], "basedata.keys.move"],
  [["Enter", "e"], "basedata.keys.edit"],
  [["Entf"], "basedata.keys.delete"],
  [["/"], "basedata.keys.search"],
  [["?"], "basedata.keys.help"],
];

/**
 * The shortcut list: a disclosure, so it opens by click without JS too and needs no floating
 * layer (Mantine's Popover brought 18 KB of positioning code to every base-data page); with JS
 * `?` toggles it and Escape closes it.
 */
export function ShortcutHelp({ opened, onChange }: { opened: boolean; onChange: (opened: boolean) => void }) {
  const { t } = useTranslation();
  const label = t("basedata.shortcuts");
  return (
    <DisclosureMenu
      label={label}
      summary={
        <>
          <IconKeyboard size={16} aria-hidden />
          {label}
        </>
      }
      open={opened}
      onOpenChange={onChange}
      keyShortcuts="?"
      summaryClassName={classes.button}
      dropdownClassName={classes.panel}
    >
      <div data-testid="shortcut-help">
        <Table fz="sm">
          <Table.Tbody>
            {SHORTCUTS.map(([keys, text]) => (
              <Table.Tr key={text}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 ? " / " : null}
                      <Kbd>{k}</Kbd>
                    </span>
                  ))}
                </Table.Td>
                <Table.Td>{t(text)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </div>
    </DisclosureMenu>
  );
}
