import { useState } from "react";
import { useCountdown } from "../../components/use-countdown";
import { SEND_CODE_COUNTDOWN_SECONDS } from "../../schema/constants";
import { ResultCode, type Envelope } from "../../schema/envelope";

/**
 * Sends a verification code and runs the 59-second countdown once the server accepted it; a
 * refusal (1005 too often, an unknown account …) leaves the button idle and hands the answer back.
 */
export function useCodeSender() {
  const { secondsLeft, start } = useCountdown(SEND_CODE_COUNTDOWN_SECONDS);
  const [isSending, setSending] = useState(false);

  async function send(call: () => Promise<Envelope<unknown>>): Promise<Envelope<unknown>> {
    setSending(true);
    try {
      const envelope = await call();
      if (envelope.code === ResultCode.success) start();
      return envelope;
    } finally {
      setSending(false);
    }
  }

  return { send, secondsLeft, isSending };
}
