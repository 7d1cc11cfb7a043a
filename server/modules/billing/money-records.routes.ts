import type { FastifyInstance } from "fastify";
import { MONEY_RECORD_ENDPOINTS, moneyRecordFileName, XLSX_CONTENT_TYPE, type MoneyRecordList } from "../../../src/schema/money-records.js";
import { shanghaiDateKey } from "../../../src/schema/shanghai-time.js";
import { ok } from "../../http/envelope.js";
import { registerEndpoint } from "../../http/endpoint-route.js";
import { sendDownload } from "../../http/file-download.js";
import type { SessionService } from "../session/session.service.js";
import { sessionUserId } from "../personal/route-helpers.js";
import { moneyRecordsWorkbook } from "./money-records-workbook.js";
import type { MoneyRecordsService } from "./money-records.service.js";

/** The record lists and their .xlsx exports (charge, purchase, expense). */
export async function moneyRecordsRoutes(app: FastifyInstance, options: { records: MoneyRecordsService; sessions: SessionService; now: () => number }) {
  const { records, sessions, now } = options;
  for (const list of Object.keys(MONEY_RECORD_ENDPOINTS) as MoneyRecordList[]) {
    const endpoints = MONEY_RECORD_ENDPOINTS[list];
    registerEndpoint(app, endpoints.list, async (query, request) => {
      const { page, totals } = await records.list(sessionUserId(request), list, query);
      return ok(page, totals);
    });
    registerEndpoint(app, endpoints.export, async (query, request, reply) => {
      const { records: rows, totals } = await records.all(sessionUserId(request), list, query);
      const workbook = await moneyRecordsWorkbook(list, rows, totals);
      // A file answer skips the envelope, whose serialisation is where sessions are refreshed.
      await sessions.refresh(request.session!);
      return sendDownload(reply, workbook, { name: moneyRecordFileName(list, shanghaiDateKey(now())), contentType: XLSX_CONTENT_TYPE, size: workbook.length });
    });
  }
}
