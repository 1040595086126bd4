import type * as vscode from 'vscode';
import type { SelectionMode } from '../../platform/settingKeys.ts';

/** What a translate command did; returned so callers (and tests) need no notification clicks. */
export type TranslateResult =
  | {
      applied: true;
      mode: SelectionMode | 'document';
      /** The edited document (replace, insertBelow) or the new translation document. */
      uri: vscode.Uri;
      /** Translate Selection in a source page of localized documentation: inserted below instead of replacing. */
      keptSource?: true;
    }
  | {
      applied: false;
      reason: 'noEditor' | 'noSelection' | 'empty' | 'notConfigured' | 'cancelled' | 'failed' | 'documentChanged';
      /** The client's reason code when a request failed, e.g. `unsupported_language`. */
      error?: string;
    };
