/**
 * SMS through a gateway reached by an HTTP webhook (`SMS_WEBHOOK_URL`): we POST
 * `{"mobile": "...", "text": "..."}` as JSON and expect a 2xx. Every commercial SMS provider can be
 * put behind such a small relay; the platform does not embed any one vendor's SDK.
 */
export class SmsWebhook {
  constructor(
    private readonly url: string,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {}

  async sendSms(mobile: string, text: string): Promise<void> {
    const response = await this.fetchImpl(this.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ mobile, text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered HTTP ${response.status}`);
  }
}
