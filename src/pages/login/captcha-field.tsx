import SafetyCertificateOutlined from "@ant-design/icons-svg/es/asn/SafetyCertificateOutlined";
import { LightIcon } from "../../components/light/light-icon";
import type { Control, FieldValues, Path } from "react-hook-form";
import { IMAGE_CAPTCHA_LENGTH } from "../../schema/constants";
import { CaptchaImage } from "./captcha-image";
import { LOGIN_TEXT } from "./login-text";
import { LoginInput, type FieldNameProp } from "./login-input";
import type { useCaptcha } from "./use-captcha";

/** The image captcha with its picture (spec §5: clicking the picture loads a new one). */
export function CaptchaField<T extends FieldValues>({
  control,
  captcha,
  name = "vCode" as Path<T>,
  label = LOGIN_TEXT.captcha,
}: { control: Control<T>; captcha: ReturnType<typeof useCaptcha>; label?: string } & FieldNameProp<T, "vCode">) {
  return (
    <LoginInput
      control={control}
      name={name}
      label={label}
      icon={<LightIcon icon={SafetyCertificateOutlined} />}
      maxLength={IMAGE_CAPTCHA_LENGTH}
      autoComplete="off"
      addon={<CaptchaImage src={captcha.src} hasFailed={captcha.hasFailed} onReload={captcha.reload} />}
    />
  );
}
