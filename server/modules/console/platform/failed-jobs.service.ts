import { JOB_MESSAGES } from "../../../../src/schema/console/platform-health.js";
import { ResultCode } from "../../../../src/schema/envelope.js";
import { BusinessError } from "../../../http/envelope.js";
import type { JobQueues } from "../../../jobs/job-queues.js";
import type { AuditTrail } from "../audit/audit-trail.js";
import type { ActingOperator } from "../operators/acting-operator.js";

export type FailedJobsDependencies = {
  jobs: Pick<JobQueues, "retry">;
  audit: Pick<AuditTrail, "perform">;
};

/**
 * An operator's 重试 of a dead letter (issue 20): the job goes back to waiting and a worker resumes
 * its row from where the failure left it. Retried under the audit's transaction, so a retry that
 * finds no failed job records nothing.
 */
export class FailedJobsService {
  constructor(private readonly deps: FailedJobsDependencies) {}

  async retry(operator: ActingOperator, job: { queue: string; rowId: number }): Promise<{ queue: string; rowId: number }> {
    const target = { type: "job", id: `${job.queue}#${job.rowId}`, label: job.queue };
    return this.deps.audit.perform({ operator, action: "job.retry", target }, async () => {
      if (!(await this.deps.jobs.retry(job.queue, job.rowId))) throw new BusinessError(ResultCode.notFound, JOB_MESSAGES.notFailed);
      return { result: job, before: { state: "failed" }, after: { state: "waiting" } };
    });
  }
}
