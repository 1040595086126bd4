import { EventEmitter } from 'node:events';
import type { EmulatorApp } from './app.ts';
import type { JobRecord } from './state.ts';

/**
 * Job lifecycle notifications shared by the job scheduler (producer), SSE streams and webhook
 * delivery (consumers). One emitter per app; listeners survive resets, jobs do not.
 */
export interface JobEventMap {
  /** Status, stage, progress or message changed; the job object is the current snapshot. */
  update: [job: JobRecord];
  /** The job reached completed or failed (emitted after the final `update`). */
  ended: [job: JobRecord];
}

const emitters = new WeakMap<EmulatorApp, EventEmitter<JobEventMap>>();

export function jobEvents(app: EmulatorApp): EventEmitter<JobEventMap> {
  let emitter = emitters.get(app);
  if (!emitter) {
    emitter = new EventEmitter<JobEventMap>();
    emitter.setMaxListeners(0);
    emitters.set(app, emitter);
  }
  return emitter;
}
