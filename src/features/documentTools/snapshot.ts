// The internal `_docTranslate.operations.snapshot` command: the Operations tree, what each tool
// offers and the context keys the Explorer menus read, as plain data for extension-host tests.
import type { DocumentToolsFeature } from './feature.ts';
import { menuValues } from './menus.ts';
import { TOOL_IDS } from './tools.ts';
import { OperationNode, UnavailableNode, type OperationsNode } from './tree.ts';

export interface OperationsRow {
  label: string;
  description: string;
  tooltip: string;
  contextValue: string;
  operationId?: string;
  tool?: string;
}

export interface OperationsSnapshot {
  viewVisible: boolean;
  offers: { tool: string; open: boolean; known: boolean; reason?: string; formats: string[] }[];
  /** Values of the `docTranslate.tools.*` context keys, by tool. */
  menus: Record<string, unknown>;
  rows: OperationsRow[];
  following: number;
}

function row(node: OperationsNode): OperationsRow {
  const label = typeof node.label === 'string' ? node.label : (node.label?.label ?? '');
  const tooltip = typeof node.tooltip === 'string' ? node.tooltip : (node.tooltip?.value ?? '');
  const out: OperationsRow = {
    label,
    description: typeof node.description === 'string' ? node.description : '',
    tooltip,
    contextValue: node.contextValue ?? '',
  };
  if (node instanceof OperationNode) out.operationId = node.op.id;
  if (node instanceof UnavailableNode) out.tool = node.offer.tool;
  return out;
}

export async function operationsSnapshot(f: DocumentToolsFeature): Promise<OperationsSnapshot> {
  const nodes = await f.tree.getChildren();
  return {
    viewVisible: f.view.visible,
    offers: TOOL_IDS.map((tool) => {
      const o = f.offer(tool);
      return { tool, open: o.open, known: o.known, formats: o.formats, reason: o.reason };
    }),
    menus: menuValues(f.contextKeys),
    rows: nodes.map(row),
    following: f.following,
  };
}
