import LockOutlined from "@ant-design/icons-svg/es/asn/LockOutlined";
import { LightIcon } from "../../components/light/light-icon";
import type { Control, FieldValues, Path } from "react-hook-form";
import { PASSWORD_MAX_LENGTH } from "../../schema/constants";
import { LOGIN_TEXT } from "./login-text";
import { LoginInput, type FieldNameProp } from "./login-input";

/** The password of an existing account (password login, binding by password, notary login). */
export function PasswordField<T extends FieldValues>({
  control,
  name = "passWord" as Path<T>,
  label = LOGIN_TEXT.password,
}: { control: Control<T>; label?: string } & FieldNameProp<T, "passWord">) {
  return (
    <LoginInput
      control={control}
      name={name}
      label={label}
      icon={<LightIcon icon={LockOutlined} />}
      maxLength={PASSWORD_MAX_LENGTH}
      autoComplete="current-password"
      isPassword
    />
  );
}
