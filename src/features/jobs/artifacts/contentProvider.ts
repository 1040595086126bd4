import * as vscode from 'vscode';
import type { ArtifactService } from './service.ts';
import { parseArtifactUri } from '../../../platform/artifactScheme.ts';

/**
 * Read-only documents of the `doc-translate-artifact:` scheme: the text of a translated artifact,
 * downloaded by the client into the extension's storage and read from there (never the workspace).
 */
export class ArtifactContentProvider implements vscode.TextDocumentContentProvider {
  constructor(private readonly artifacts: ArtifactService) {}

  async provideTextDocumentContent(uri: vscode.Uri, token: vscode.CancellationToken): Promise<string> {
    const ref = parseArtifactUri(uri);
    if (ref === undefined) throw new Error(vscode.l10n.t('Not a Doc Translate artifact: {0}', uri.toString()));
    const artifact = await this.artifacts.find(ref);
    if (artifact === undefined) throw new Error(vscode.l10n.t('The artifact is no longer listed by the service.'));
    const controller = new AbortController();
    const subscription = token.onCancellationRequested(() => controller.abort());
    try {
      return await this.artifacts.files.text(artifact, controller.signal);
    } finally {
      subscription.dispose();
    }
  }
}
