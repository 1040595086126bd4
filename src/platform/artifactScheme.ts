// Uris of the extension's read-only artifact documents: doc-translate-artifact:/<job>/<artifact>/<name>.
// The file name comes last so the editor picks the language from its extension.
import * as vscode from 'vscode';

export const ARTIFACT_SCHEME = 'doc-translate-artifact';

export interface ArtifactRef {
  jobId: string;
  artifactId: string;
}

export function artifactUri(ref: ArtifactRef, fileName: string): vscode.Uri {
  const seg = (s: string): string => encodeURIComponent(s);
  return vscode.Uri.from({ scheme: ARTIFACT_SCHEME, path: `/${seg(ref.jobId)}/${seg(ref.artifactId)}/${fileName.replace(/[/\\]/g, '_')}` });
}

export function parseArtifactUri(uri: vscode.Uri): ArtifactRef | undefined {
  if (uri.scheme !== ARTIFACT_SCHEME) return undefined;
  const parts = uri.path.split('/').filter((p) => p !== '');
  if (parts.length < 3) return undefined;
  try {
    return { jobId: decodeURIComponent(parts[0]!), artifactId: decodeURIComponent(parts[1]!) };
  } catch {
    return undefined;
  }
}
