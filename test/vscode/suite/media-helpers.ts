// Shared by the media suites: the Media view as data, its sections, and waiting for a media job to end.
import * as vscode from 'vscode';
import type { MediaSnapshot, MediaSnapshotRow } from '../../../src/features/media/snapshot.ts';
import { until } from './helpers.ts';

export const mediaSnapshot = (): Thenable<MediaSnapshot> => vscode.commands.executeCommand<MediaSnapshot>('_docTranslate.media.snapshot');

export function mediaSection(snap: MediaSnapshot, name: 'jobs' | 'voices'): MediaSnapshotRow[] {
  return snap.rows.find((r) => r.contextValue === `media.section.${name}`)?.children ?? [];
}

/** The job's row in the Media view once it has ended (polled every 100 ms, at most 30 s). */
export async function waitForMediaJob(operationId: string): Promise<MediaSnapshotRow> {
  const row = await until(
    `media job ${operationId} ended`,
    async () => mediaSection(await mediaSnapshot(), 'jobs').find((r) => r.id?.startsWith(`media.job.${operationId}`)),
    (r) => r?.contextValue.startsWith('media.job.ended') === true,
  );
  return row!;
}
