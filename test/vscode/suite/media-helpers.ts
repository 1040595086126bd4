// Shared by the media suites: the Media view as data, its sections, and waiting for a media job to end.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { MediaSnapshot, MediaSnapshotRow } from '../../../src/features/media/snapshot.ts';

export const mediaSnapshot = (): Thenable<MediaSnapshot> => vscode.commands.executeCommand<MediaSnapshot>('_docTranslate.media.snapshot');

export function mediaSection(snap: MediaSnapshot, name: 'jobs' | 'voices'): MediaSnapshotRow[] {
  return snap.rows.find((r) => r.contextValue === `media.section.${name}`)?.children ?? [];
}

/** The job's row in the Media view once it has ended (polled every 100 ms, at most 30 s). */
export async function waitForMediaJob(operationId: string): Promise<MediaSnapshotRow> {
  const end = Date.now() + 30_000;
  for (;;) {
    const row = mediaSection(await mediaSnapshot(), 'jobs').find((r) => r.id?.startsWith(`media.job.${operationId}`));
    if (row?.contextValue.startsWith('media.job.ended') === true) return row;
    assert.ok(Date.now() < end, `media job ${operationId} ended (last: ${JSON.stringify(row)})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
