import { LightButton } from "./light/light-button";

export const SEND_CODE_TEXT = { idle: "获取验证码", sending: "发送中…" } as const;
export const resendCountdownText = (seconds: number) => `${seconds}秒后重新获取`;

/**
 * The send-code button of spec §4: idle, then disabled with a countdown, then idle again. From the
 * light kit, since the login panel on the home page has it (issue 20).
 */
export function SendCodeButton({ secondsLeft, isSending, onClick }: { secondsLeft: number; isSending: boolean; onClick: () => void }) {
  const isCounting = secondsLeft > 0;
  return (
    <LightButton size="large" onClick={onClick} disabled={isCounting || isSending} style={{ minWidth: 128, flex: "none" }}>
      {isCounting ? resendCountdownText(secondsLeft) : isSending ? SEND_CODE_TEXT.sending : SEND_CODE_TEXT.idle}
    </LightButton>
  );
}
