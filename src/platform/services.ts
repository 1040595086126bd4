import type { Platform } from './platform.ts';

/** Only the named services of the platform: what a feature hands to its part and its commands, nothing more. */
export function servicesOf<K extends keyof Platform>(p: Platform, ...keys: K[]): Pick<Platform, K> {
  return Object.fromEntries(keys.map((k) => [k, p[k]])) as Pick<Platform, K>;
}

/**
 * The base of a feature object that holds the platform services it declares as its own fields
 * (`f.clients`, `f.writer`): a command given the feature reaches those, never the whole platform.
 * `class MediaFeature extends Services<MediaPlatform>()`, built from what `servicesOf` picked.
 */
export function Services<S extends object>(): new (services: S) => Readonly<S> {
  return class {
    constructor(services: S) {
      Object.assign(this, services);
    }
  } as new (services: S) => Readonly<S>;
}
