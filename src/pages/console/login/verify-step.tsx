import { Button, Typography } from "antd";
import { useState } from "react";
import type { SecondFactorStep } from "../../../providers/operator-auth";
import { useOperatorServices } from "../../../providers/operator-context";
import { SecondFactorCodeForm } from "./second-factor-code-form";

/** Later sign-ins: the authenticator's code, or (the phone lost) one of the recovery codes. */
export function VerifyStep({ onSignedIn, onExpired }: { onSignedIn: (step: Extract<SecondFactorStep, { kind: "signedIn" }>) => void; onExpired: (message: string) => void }) {
  const { auth } = useOperatorServices();
  const [kind, setKind] = useState<"totp" | "recovery">("totp");
  const isTotp = kind === "totp";
  return (
    <>
      <Typography.Paragraph>
        {isTotp ? "请输入身份验证器应用显示的6位动态验证码。" : "请输入一个未使用过的恢复码，每个恢复码只能使用一次。"}
      </Typography.Paragraph>
      <SecondFactorCodeForm
        // A new form for the other kind: its own rule and an empty field.
        key={kind}
        kind={kind}
        submitText="验证并登录"
        send={auth.verify}
        onSignedIn={onSignedIn}
        onExpired={onExpired}
        footer={
          <div style={{ textAlign: "center", marginTop: 12 }}>
            <Button type="link" onClick={() => setKind(isTotp ? "recovery" : "totp")}>
              {isTotp ? "使用恢复码" : "使用动态验证码"}
            </Button>
          </div>
        }
      />
    </>
  );
}
