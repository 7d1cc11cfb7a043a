import UserOutlined from "@ant-design/icons-svg/es/asn/UserOutlined";
import { LightIcon } from "../../components/light/light-icon";
import type { Control, FieldValues, Path } from "react-hook-form";
import { LOGIN_TEXT } from "./login-text";
import { LoginInput, type FieldNameProp } from "./login-input";

/** The account field of the account forms: phone or e-mail by default, the notary office's own account by name and label. */
export function AccountField<T extends FieldValues>({
  control,
  name = "userName" as Path<T>,
  label = LOGIN_TEXT.account,
  onBlur,
}: { control: Control<T>; label?: string; onBlur?: () => void } & FieldNameProp<T, "userName">) {
  return <LoginInput control={control} name={name} label={label} icon={<LightIcon icon={UserOutlined} />} autoComplete="username" onBlur={onBlur} />;
}
