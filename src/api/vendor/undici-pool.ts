/**
 * undici's package entry loads fetch, WebSocket, caching and mock agents: about 500 KB once
 * bundled. The client needs only the connection pool and its `request()` method, so it loads
 * those modules directly and attaches the request API to the dispatcher prototype exactly as
 * undici's own entry does (esbuild.mjs also leaves out the SIMD copy of the HTTP parser; undici
 * falls back to the plain WebAssembly build).
 *
 * These paths (and the ones esbuild.mjs replaces) are undici internals, not its public API, which
 * a minor release may move: package.json pins undici's exact version, so an upgrade is a deliberate
 * change checked by the client tests and the bundle build, never a side effect of `npm install`.
 */
import type { Pool as PoolClass } from 'undici';

/* eslint-disable @typescript-eslint/no-require-imports */
const PoolImpl = require('undici/lib/dispatcher/pool.js') as typeof PoolClass;
const DispatcherImpl = require('undici/lib/dispatcher/dispatcher.js') as { prototype: object };
const requestApi = require('undici/lib/api/index.js') as object;
/* eslint-enable @typescript-eslint/no-require-imports */

if (!('request' in DispatcherImpl.prototype)) Object.assign(DispatcherImpl.prototype, requestApi);

export const Pool = PoolImpl;
export type Pool = PoolClass;
// eslint-disable-next-line @typescript-eslint/no-namespace
export declare namespace Pool {
  type Options = PoolClass.Options;
}
