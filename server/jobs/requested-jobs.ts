import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { ResultCode } from "../../src/schema/envelope.js";
import type { Database } from "../db/database.js";
import { BusinessError } from "../http/envelope.js";
import { keepTidy } from "./housekeeping.js";
import { JobRequestsRepository, type JobRequestRow } from "./job-requests.repository.js";
import { openRowQueue, type RowQueueContext } from "./row-queue-backend.js";
import type { RowJobQueue } from "./row-queue.js";
import { ANSWER_WAIT_MS, SettleSignals, waitUntilSettled } from "./settle-wait.js";

/** Settled requests are kept a day (their askers were answered), then deleted by housekeeping. */
const KEPT_MS = 24 * 60 * 60 * 1000;

export type RequestedJobContext = RowQueueContext & { db: Kysely<Database>; now: () => number };

/** A kind of work users ask for and a job process makes. */
export type RequestedJobDefinition<Input, Result> = {
  key: string;
  name: string;
  concurrency: number;
  /**
   * Makes what was asked. Run again for the same request (a retry, a worker that died) it must
   * give the same result without making it twice: the definitions fix numbers in `input` when
   * asked and look for what an earlier try left. A BusinessError is the asker's answer (final);
   * anything else is retried as the queue retries, and then answered as a server error.
   */
  make(request: { id: number; userId: number; input: Input }, signal: AbortSignal): Promise<Result>;
};

type SettledError = { code: number; message: string; errors?: Record<string, string> };

/**
 * Work a user asks for that a job process makes (issue 20): reports and their PDFs. The web
 * process writes the request (queued), puts it on the row queue of its kind and waits for the
 * row to settle, so the call answers as it always did; which process makes it is the queue's
 * choice (server/jobs/row-queue-backend.ts): this one when embedded, a worker with Redis. The
 * rows are the truth: a worker that dies mid-job is resumed by BullMQ's stalled check (running →
 * queued, made again), an embedded restart recovers every running request the same way. A wait
 * that runs out answers 504 with the job still going; its result then shows in the asker's list.
 */
export class RequestedJobs<Input, Result> {
  constructor(
    private readonly repository: JobRequestsRepository,
    private readonly queue: RowJobQueue,
    private readonly signals: SettleSignals,
    private readonly now: () => number,
  ) {}

  /** Writes the request, has it made, and answers its result (or its refusal). */
  async ask(userId: number, input: Input, stillMaking: string): Promise<Result> {
    const now = this.now();
    const id = await this.repository.insert({ queue: this.queue.key, user_id: userId, state: "queued", input_json: JSON.stringify(input), result_json: null, error_json: null, attempts: 0, created_at: now, updated_at: now });
    this.queue.kick();
    const row = await this.settled(id);
    if (!row) throw new BusinessError(ResultCode.timeout, stillMaking);
    if (row.state === "failed") {
      const error = JSON.parse(row.error_json!) as SettledError;
      throw new BusinessError(error.code, error.message, error.errors ? { errors: error.errors } : {});
    }
    return JSON.parse(row.result_json!) as Result;
  }

  private settled(id: number): Promise<JobRequestRow | null> {
    return waitUntilSettled(id, () => this.repository.find(id), (row) => row.state === "done" || row.state === "failed", this.signals, ANSWER_WAIT_MS);
  }
}

/** Opens the queue of one kind of requested work, with its housekeeping. */
export async function openRequestedJobs<Input, Result>(app: FastifyInstance, context: RequestedJobContext, definition: RequestedJobDefinition<Input, Result>): Promise<RequestedJobs<Input, Result>> {
  const { key } = definition;
  const { now } = context;
  const repository = new JobRequestsRepository(context.db);
  const log = app.log;
  // With Redis a try that throws is tried again (JOB_ATTEMPTS, after backoff); the last one, and the only one embedded, answers.
  const triesBeforeAnswering = context.redis ? context.config.jobs.attempts : 1;
  const signals = new SettleSignals();
  const settle = async (row: JobRequestRow, error: SettledError) => {
    await repository.move(row.id, "running", { state: "failed", error_json: JSON.stringify(error), updated_at: now() });
    signals.settled(row.id);
  };
  const queue = await openRowQueue<JobRequestRow>(context, {
    key,
    name: definition.name,
    concurrency: definition.concurrency,
    nextQueued: (limit) => repository.nextQueued(key, limit),
    countQueued: () => repository.count(key, "queued"),
    find: (id) => repository.find(id),
    claim: (row) => repository.move(row.id, "queued", { state: "running", attempts: row.attempts + 1, updated_at: now() }),
    run: async (row, signal) => {
      try {
        const result = await definition.make({ id: row.id, userId: row.user_id, input: JSON.parse(row.input_json) as Input }, signal);
        await repository.move(row.id, "running", { state: "done", result_json: JSON.stringify(result ?? null), updated_at: now() });
        signals.settled(row.id);
      } catch (error) {
        if (error instanceof BusinessError) return void (await settle(row, { code: error.code, message: error.message, ...(error.options.errors ? { errors: error.options.errors } : {}) }));
        // Closing: the row stays running and is made again by the next worker (or start).
        if (signal.aborted) throw error;
        if (row.attempts + 1 >= triesBeforeAnswering) await settle(row, { code: ResultCode.serverError, message: "生成失败，请稍后重试" });
        throw error;
      }
    },
    resume: async (row) => void (await repository.move(row.id, "running", { state: "queued", updated_at: now() })),
    recover: async () => {
      for (const row of await repository.inState(key, "running")) await repository.move(row.id, "running", { state: "queued", updated_at: now() });
    },
    log,
  });
  app.addHook("onReady", async () => queue.kick());
  app.addHook("onClose", async () => queue.close());
  keepTidy(app, [{ name: `settled ${key} requests`, run: () => repository.deleteSettledBefore(now() - KEPT_MS) }]);
  return new RequestedJobs<Input, Result>(repository, queue, signals, now);
}
