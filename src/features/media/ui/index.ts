// The Media view's data, the pollers and the media commands: their own bundle (dist/media-ui.js),
// loaded when the view is first shown or a command first runs.
import type { Part } from '../../../platform/deferred.ts';
import { mediaCommands } from '../commands.ts';
import { MediaFeature, type MediaPlatform } from '../feature.ts';
import type { MediaTreeProvider } from '../tree.ts';

export interface MediaPart extends Part {
  readonly tree: MediaTreeProvider;
}

export function mediaPart(p: MediaPlatform): MediaPart {
  const feature = new MediaFeature(p);
  return { tree: feature.tree, commands: mediaCommands(feature), dispose: () => feature.dispose() };
}
