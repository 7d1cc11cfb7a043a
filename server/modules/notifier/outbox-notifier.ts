import type { Notifier } from "./notifier.js";
import type { OutboxRepository } from "./outbox.repository.js";

/** Development only: keeps what would have been sent, for /dev/outbox. Never used in production. */
export class OutboxNotifier implements Notifier {
  constructor(
    private readonly outbox: OutboxRepository,
    private readonly now: () => number,
  ) {}

  async sendSms(mobile: string, text: string): Promise<void> {
    await this.outbox.add({ channel: "sms", recipient: mobile, subject: "短信", body: text, created_at: this.now() });
  }

  async sendEmail(address: string, subject: string, text: string): Promise<void> {
    await this.outbox.add({ channel: "email", recipient: address, subject, body: text, created_at: this.now() });
  }
}
