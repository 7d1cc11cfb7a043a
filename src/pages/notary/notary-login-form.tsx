import { useNavigate } from "react-router";
import { APP_PATHS } from "../../app/path-rules";
import { useNotaryServices } from "../../providers/notary-context";
import { NotaryLoginFormSchema } from "../../schema/notary";
import { StaffLoginForm } from "../login/staff-login-form";

export const NOTARY_LOGIN_TEXT = {
  form: "公证处登录",
  account: "公证处账号",
  password: "密码",
  captcha: "图形验证码",
  submit: "登录",
  submitting: "登录中…",
} as const;

/** The notary offices' login (spec §2, §4, §8): the staff login form, leading on to the request list. */
export function NotaryLoginForm() {
  const { auth } = useNotaryServices();
  const navigate = useNavigate();
  return (
    <StaffLoginForm
      schema={NotaryLoginFormSchema}
      text={NOTARY_LOGIN_TEXT}
      login={async ({ account, password, vCode }) => {
        const step = await auth.login({ account, password, captcha: vCode });
        if (step.kind !== "loggedIn") return step;
        navigate(APP_PATHS.notaryRequestList, { replace: true });
        return { kind: "done" };
      }}
    />
  );
}
