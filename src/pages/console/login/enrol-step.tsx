import { Alert, Skeleton, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import type { EnrolmentStep, SecondFactorStep } from "../../../providers/operator-auth";
import { useOperatorServices } from "../../../providers/operator-context";
import { SecondFactorCodeForm } from "./second-factor-code-form";

/**
 * First sign-in: a new authenticator secret as a QR code and as text (for typing in), then the
 * first code it shows confirms it.
 */
export function EnrolStep({ onSignedIn, onExpired }: { onSignedIn: (step: Extract<SecondFactorStep, { kind: "signedIn" }>) => void; onExpired: (message: string) => void }) {
  const { auth } = useOperatorServices();
  const [step, setStep] = useState<EnrolmentStep | null>(null);

  useEffect(() => {
    let isCurrent = true;
    auth.startEnrolment().then((next) => {
      if (!isCurrent) return;
      if (next.kind === "expired") onExpired(next.message);
      else setStep(next);
    });
    return () => {
      isCurrent = false;
    };
    // Once per enrolment: a new secret on every render would never match the app's.
  }, [auth]);

  if (!step) return <Skeleton active />;
  if (step.kind !== "ready") return <Alert type="error" showIcon message={step.message} />;
  const { enrolment } = step;
  return (
    <Space direction="vertical" size={16} style={{ width: "100%" }}>
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        首次登录需绑定身份验证器。请用手机上的身份验证器应用（如 Microsoft Authenticator、Google Authenticator 或其他支持 TOTP 的应用）扫描下方二维码，然后输入应用显示的6位动态验证码。
      </Typography.Paragraph>
      <div style={{ textAlign: "center" }}>
        <img src={enrolment.qrCode} alt="身份验证器绑定二维码" width={200} height={200} style={{ border: "1px solid #f0f0f0", borderRadius: 8 }} />
      </div>
      <div>
        <Typography.Text type="secondary">无法扫码时，可在应用中手动输入密钥：</Typography.Text>
        <Typography.Paragraph copyable={{ text: enrolment.secret, tooltips: ["复制密钥", "已复制"] }} code aria-label="身份验证器密钥" style={{ wordBreak: "break-all", marginBottom: 0 }}>
          {enrolment.secret}
        </Typography.Paragraph>
      </div>
      <SecondFactorCodeForm kind="totp" submitText="确认绑定" send={auth.confirmEnrolment} onSignedIn={onSignedIn} onExpired={onExpired} />
    </Space>
  );
}
