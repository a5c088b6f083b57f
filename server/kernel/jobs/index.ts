export { Job, type JobStatus } from './job.entity';
export { enqueue, enqueueOnce, type EnqueueOptions } from './enqueue';
export { defineJobHandler, jobHandlers, registerJobHandler, unregisterJobHandler, type JobContext, type JobHandler, type JobHandlerDef } from './registry';
export { runDueJobs, drainJobs, releaseStuckJobs, retryDelayMs, STUCK_AFTER_MS, type RunReport, type RunOptions } from './runner';
export { startJobWorker, type JobWorker, type JobWorkerOptions } from './worker';
