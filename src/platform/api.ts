// The one way the editor layer reaches the client's values (classes, helpers): the client is its
// own bundle (dist/api.js), loaded on first use so activation stays small. Elsewhere in the editor
// layer, `src/api` may be imported for types only (lint enforces it).
export type Api = typeof import('../api/index.ts');

/** The client module, loaded on the first call (the module system keeps the one instance). */
export function loadApi(): Promise<Api> {
  return import('../api/index.ts');
}
