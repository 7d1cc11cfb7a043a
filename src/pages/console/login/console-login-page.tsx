import { Alert, Steps } from "antd";
import { useState } from "react";
import { Navigate, useLocation, useNavigate } from "react-router";
import { consoleReturnPath } from "../../../app/path-rules";
import type { SecondFactorStep } from "../../../providers/operator-auth";
import { useOperatorServices } from "../../../providers/operator-context";
import { useSessionStore } from "../../../providers/session-context";
import { isOperatorSessionActive } from "../../../providers/session-rules";
import { OperatorLoginFormSchema, type OperatorProfile } from "../../../schema/console/operator-auth";
import { StaffLoginForm } from "../../login/staff-login-form";
import { ConsoleLoginFrame } from "./console-login-frame";
import { EnrolStep } from "./enrol-step";
import { RecoveryCodesStep } from "./recovery-codes-step";
import { VerifyStep } from "./verify-step";

export const CONSOLE_LOGIN_TEXT = {
  form: "运营后台登录",
  account: "操作员账号",
  password: "密码",
  captcha: "图形验证码",
  submit: "下一步",
  submitting: "验证中…",
} as const;

/** Where the sign-in stands: the password, then enrolment or a code, then (after enrolment) the recovery codes. */
type Stage =
  | { name: "credentials"; notice?: string }
  | { name: "enrol" | "verify" }
  | { name: "recoveryCodes"; operator: OperatorProfile; codes: readonly string[] };

const STAGE_TITLES: Record<Stage["name"], string> = {
  credentials: "操作员登录",
  enrol: "绑定身份验证器",
  verify: "二次验证",
  recoveryCodes: "保存恢复码",
};

const STAGE_STEP: Record<Stage["name"], number> = { credentials: 0, enrol: 1, verify: 1, recoveryCodes: 2 };

/**
 * /console/login: account, password and image captcha as the notary offices sign in, then the
 * second factor. On success the operator session is stored and the operator goes on to the
 * console page they wanted (`?redirect=`) or the console's home.
 */
export function ConsoleLoginPage() {
  const { auth } = useOperatorServices();
  const sessionStore = useSessionStore();
  const navigate = useNavigate();
  const { search } = useLocation();
  // Decided on arrival only: the session stored by this page's own sign-in must not skip the recovery codes.
  const [isSignedInOnArrival] = useState(() => isOperatorSessionActive(sessionStore.getOperator(), Date.now()));
  const [stage, setStage] = useState<Stage>({ name: "credentials" });

  if (isSignedInOnArrival) return <Navigate to={consoleReturnPath(search)} replace />;

  const goOn = () => navigate(consoleReturnPath(search), { replace: true });
  const onSignedIn = ({ operator, recoveryCodes }: Extract<SecondFactorStep, { kind: "signedIn" }>) => {
    if (recoveryCodes.length > 0) setStage({ name: "recoveryCodes", operator, codes: recoveryCodes });
    else goOn();
  };
  const onExpired = (notice: string) => setStage({ name: "credentials", notice });

  return (
    <ConsoleLoginFrame title={STAGE_TITLES[stage.name]}>
      <Steps size="small" current={STAGE_STEP[stage.name]} items={[{ title: "账号密码" }, { title: "二次验证" }, { title: "完成" }]} style={{ marginBottom: 24 }} />
      {stage.name === "credentials" && (
        <>
          {stage.notice && <Alert type="warning" showIcon message={stage.notice} style={{ marginBottom: 16 }} />}
          <StaffLoginForm
            schema={OperatorLoginFormSchema}
            text={CONSOLE_LOGIN_TEXT}
            login={async ({ account, password, vCode }) => {
              const step = await auth.login({ account, password, captcha: vCode });
              if (step.kind !== "secondFactor") return step;
              setStage({ name: step.stage });
              return { kind: "done" };
            }}
          />
        </>
      )}
      {stage.name === "enrol" && <EnrolStep onSignedIn={onSignedIn} onExpired={onExpired} />}
      {stage.name === "verify" && <VerifyStep onSignedIn={onSignedIn} onExpired={onExpired} />}
      {stage.name === "recoveryCodes" && <RecoveryCodesStep operator={stage.operator} codes={stage.codes} onDone={goOn} />}
    </ConsoleLoginFrame>
  );
}
