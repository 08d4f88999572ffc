/** The public entry of modules/jobs: what other modules may import from it. */
export { pruneOldRows } from './prune-old-rows';
export {
  type Backoff,
  enqueueJob,
  jobInsert,
  type Job,
  type JobRow,
  queueDepth,
  type QueueDepth,
} from './queue';
export { RepeatingTask } from './repeat';
export { errorText, type JobHandler, JobWorker, type WorkLogger } from './worker';
