import type { Kysely } from "kysely";
import type { AppConfig } from "../../config.js";
import type { Database } from "../../db/database.js";
import type { Notifier } from "./notifier.js";
import { OutboxNotifier } from "./outbox-notifier.js";
import { OutboxRepository } from "./outbox.repository.js";
import { SmsWebhook } from "./sms-webhook.js";
import { SmtpMailer } from "./smtp-notifier.js";

/**
 * Picks a real channel where one is configured and the development outbox otherwise. The config
 * already refused to start production without both real channels (config.ts).
 */
export function createNotifier(config: AppConfig, db: Kysely<Database>, now: () => number): Notifier {
  const outbox = new OutboxNotifier(new OutboxRepository(db), now);
  const mailer = config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom) : outbox;
  const sms = config.smsWebhookUrl ? new SmsWebhook(config.smsWebhookUrl) : outbox;
  return {
    sendSms: (mobile, text) => sms.sendSms(mobile, text),
    sendEmail: (address, subject, text) => mailer.sendEmail(address, subject, text),
  };
}
