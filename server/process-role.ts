/**
 * What a process of the platform does (issue 20):
 * - "all": the embedded default (`npm start` without REDIS_URL and DATABASE_URL): it serves requests and runs its jobs in-process;
 * - "web": serves requests and puts jobs on the shared BullMQ queues (server.ts with REDIS_URL and DATABASE_URL);
 * - "worker": runs the jobs of the shared queues and serves nothing (`npm run worker`).
 */
export type ProcessRole = "all" | "web" | "worker";

/** Whether this process runs queued jobs itself. */
export const runsJobs = (role: ProcessRole): boolean => role !== "web";
