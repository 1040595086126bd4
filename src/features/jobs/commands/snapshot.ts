// The internal `_docTranslate.jobs.snapshot` command: the Jobs tree and the status bar item as
// plain data, so extension-host tests can read what the user sees. Not contributed.
import type { JobsFeature } from '../feature.ts';
import { statusIconId } from '../view/nodes.ts';
import { JobNode, ArtifactNode, LoadOlderNode, RunNode, type JobsTreeNode } from '../view/nodes.ts';

export interface SnapshotRow {
  label: string;
  description: string;
  contextValue: string;
  icon?: string;
  tooltip?: string;
  jobId?: string;
  artifactId?: string;
  children?: SnapshotRow[];
}

export interface JobsSnapshot {
  viewVisible: boolean;
  /** Every job row (the jobs of a run included), with its results. */
  rows: SnapshotRow[];
  /** The rows as the view nests them: runs of several jobs hold their job rows as children. */
  tree: SnapshotRow[];
  status: { visible: boolean; text: string; tooltip: string };
  watching: number;
  /** Job ids kept in workspaceState to be watched again after a reload. */
  persisted: string[];
  /** The Load older jobs row, when the view shows it (not among `rows` or `tree`). */
  older?: SnapshotRow;
}

export async function jobsSnapshot(f: JobsFeature): Promise<JobsSnapshot> {
  const roots = await f.tree.getChildren();
  const rows: SnapshotRow[] = [];
  const tree: SnapshotRow[] = [];
  const jobRow = async (node: JobsTreeNode): Promise<SnapshotRow> => {
    const row = toRow(node);
    if (node instanceof JobNode && node.job.status === 'completed') row.children = (await f.tree.getChildren(node)).map(toRow);
    return row;
  };
  let older: SnapshotRow | undefined;
  for (const node of roots) {
    if (node instanceof LoadOlderNode) {
      older = toRow(node);
    } else if (node instanceof RunNode) {
      const children = await Promise.all(node.jobs.map(jobRow));
      rows.push(...children);
      tree.push({ ...toRow(node), children });
    } else {
      const row = await jobRow(node);
      rows.push(row);
      tree.push(row);
    }
  }
  return {
    viewVisible: f.view.treeView.visible,
    rows,
    tree,
    status: f.status.snapshot(),
    watching: f.watchers.size,
    persisted: f.store.watchedIds(),
    older,
  };
}

function toRow(node: JobsTreeNode): SnapshotRow {
  const tooltip = node.tooltip;
  const row: SnapshotRow = {
    label: typeof node.label === 'string' ? node.label : (node.label?.label ?? ''),
    description: typeof node.description === 'string' ? node.description : '',
    contextValue: node.contextValue ?? '',
  };
  if (tooltip !== undefined) row.tooltip = typeof tooltip === 'string' ? tooltip : tooltip.value;
  if (node instanceof JobNode) {
    row.jobId = node.job.id;
    row.icon = statusIconId(node.job);
  }
  if (node instanceof ArtifactNode) {
    row.jobId = node.artifact.jobId;
    row.artifactId = node.artifact.id;
  }
  return row;
}
