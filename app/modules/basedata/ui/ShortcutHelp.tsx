import { Button, Kbd, Popover, Table } from "@mantine/core";
import { IconKeyboard } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";

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

/** The shortcut list (`?`). Keyboard entry needs JS, so the popover may too. */
export function ShortcutHelp({ opened, onChange }: { opened: boolean; onChange: (opened: boolean) => void }) {
  const { t } = useTranslation();
  return (
    <Popover opened={opened} onChange={onChange} position="bottom-end" shadow="md" width={360} trapFocus returnFocus>
      <Popover.Target>
        <Button variant="default" leftSection={<IconKeyboard size={16} aria-hidden />} onClick={() => onChange(!opened)} aria-keyshortcuts="?">
          {t("basedata.shortcuts")}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="shortcut-help">
        <Table fz="sm">
          <Table.Tbody>
            {SHORTCUTS.map(([keys, label]) => (
              <Table.Tr key={label}>
                <Table.Td style={{ whiteSpace: "nowrap" }}>
                  {keys.map((k, i) => (
                    <span key={k}>
                      {i > 0 ? " / " : null}
                      <Kbd>{k}</Kbd>
                    </span>
                  ))}
                </Table.Td>
                <Table.Td>{t(label)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Popover.Dropdown>
    </Popover>
  );
}
