import { LightButton } from "./light/light-button";

/**
 * SubmitButton (spec §4: idle, in progress with its own text and no second click, idle again) for
 * the light pages' forms, which render without antd (issue 20).
 */
export function LightSubmitButton({ isPending, idleText, pendingText }: { isPending: boolean; idleText: string; pendingText: string }) {
  return (
    <LightButton type="primary" htmlType="submit" block size="large" loading={isPending} disabled={isPending}>
      {isPending ? pendingText : idleText}
    </LightButton>
  );
}
