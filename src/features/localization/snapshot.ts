// The internal `_docTranslate.localization.snapshot` command: the Localization tree, the status bar
// item and the Explorer badges as plain data, so extension-host tests read what the user sees.
import type { Decoration } from './model.ts';
import type { LocalizationDecorations } from './decorations.ts';
import type { LocalizationState } from './state.ts';
import type { LocalizationStatusItem } from './statusBar.ts';
import type { LocalizationNode, LocalizationTree } from './tree.ts';

export interface LocalizationRow {
  label: string;
  description: string;
  contextValue: string;
  icon?: string;
  tooltip?: string;
  children?: LocalizationRow[];
}

export interface LocalizationSnapshot {
  rows: LocalizationRow[];
  status: { visible: boolean; text: string; tooltip: string };
  decorations: Decoration[];
}

export async function localizationSnapshot(
  parts: { state: LocalizationState; tree: LocalizationTree; status: LocalizationStatusItem; decorations: LocalizationDecorations },
  opts?: { refresh?: boolean },
): Promise<LocalizationSnapshot> {
  if (opts?.refresh === true) await parts.state.refreshNow();
  else await parts.state.ready();
  const rows = async (node?: LocalizationNode): Promise<LocalizationRow[]> => {
    const out: LocalizationRow[] = [];
    for (const child of await parts.tree.getChildren(node)) {
      const icon = child.iconPath;
      const tooltip = typeof child.tooltip === 'string' ? child.tooltip : child.tooltip?.value;
      const row: LocalizationRow = {
        label: typeof child.label === 'string' ? child.label : (child.label?.label ?? ''),
        description: typeof child.description === 'string' ? child.description : '',
        contextValue: child.contextValue ?? '',
        ...(icon !== undefined && typeof icon === 'object' && 'id' in icon ? { icon: icon.id } : {}),
        tooltip,
      };
      const children = await rows(child);
      if (children.length > 0) row.children = children;
      out.push(row);
    }
    return out;
  };
  return { rows: await rows(), status: parts.status.snapshot(), decorations: parts.decorations.all() };
}
