import { useState } from "react";
import { useCountdown } from "../../components/use-countdown";
import { SEND_CODE_COUNTDOWN_SECONDS } from "../../schema/constants";
import { ResultCode, type Envelope } from "../../schema/envelope";
import { LOGIN_TEXT } from "./login-text";
import type { useTotalTip } from "./use-total-tip";

type TipHandle = Pick<ReturnType<typeof useTotalTip>, "showError" | "showSuccess" | "clear">;

/**
 * Sends a verification code and runs the 59-second countdown once the server accepted it (spec
 * §4); a refusal (1005 too often, an unknown account …) leaves the button idle and its message
 * goes to the form's tip.
 */
export function useCodeSender(tip: TipHandle) {
  const { secondsLeft, start } = useCountdown(SEND_CODE_COUNTDOWN_SECONDS);
  const [isSending, setSending] = useState(false);

  async function send(call: () => Promise<Envelope<unknown>>): Promise<void> {
    tip.clear();
    setSending(true);
    try {
      const envelope = await call();
      if (envelope.code === ResultCode.success) {
        start();
        tip.showSuccess(LOGIN_TEXT.codeSent);
      } else {
        tip.showError(envelope.message);
      }
    } finally {
      setSending(false);
    }
  }

  return { send, secondsLeft, isSending };
}
