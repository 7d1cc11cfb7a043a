import { SafetyCertificateOutlined } from "@ant-design/icons";
import { Input } from "antd";
import type { Control, FieldValues, Path } from "react-hook-form";
import { FormField } from "../../components/form-field";
import { IMAGE_CAPTCHA_LENGTH } from "../../schema/constants";
import { CaptchaImage } from "./captcha-image";
import { LOGIN_TEXT } from "./login-text";
import type { useCaptcha } from "./use-captcha";

/** The image captcha with its picture (spec §5: clicking the picture loads a new one). */
export function CaptchaField<T extends FieldValues & { vCode: string }>({
  control,
  captcha,
}: {
  control: Control<T>;
  captcha: ReturnType<typeof useCaptcha>;
}) {
  return (
    <FormField control={control} name={"vCode" as Path<T>}>
      {({ field, id }) => (
        <div style={{ display: "flex", gap: 8 }}>
          <Input
            {...field}
            id={id}
            size="large"
            aria-label={LOGIN_TEXT.captcha}
            placeholder={LOGIN_TEXT.captcha}
            prefix={<SafetyCertificateOutlined />}
            maxLength={IMAGE_CAPTCHA_LENGTH}
            autoComplete="off"
          />
          <CaptchaImage src={captcha.src} hasFailed={captcha.hasFailed} onReload={captcha.reload} />
        </div>
      )}
    </FormField>
  );
}
