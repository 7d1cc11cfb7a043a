import { Link } from "react-router";
import type { Control, FieldValues, Path, UseFormTrigger } from "react-hook-form";
import { APP_PATHS } from "../../app/path-rules";
import { LightFormField } from "../../components/light-form-field";
import { LightCheckbox } from "../../components/light/light-checkbox";

export const AGREEMENT_TEXT = {
  prefix: "我已阅读并同意",
  agreement: "《用户注册协议》",
  privacy: "《隐私政策》",
} as const;

/**
 * The agreement checkbox (spec §2, §5), required for code login and registration. Ticking it
 * clears its message at once rather than on the next blur.
 */
export function AgreementField<T extends FieldValues & { agreement: boolean }>({
  control,
  trigger,
}: {
  control: Control<T>;
  trigger: UseFormTrigger<T>;
}) {
  const name = "agreement" as Path<T>;
  return (
    <LightFormField control={control} name={name}>
      {({ field, id, isInvalid }) => (
        <LightCheckbox
          id={id}
          checked={field.value === true}
          isInvalid={isInvalid}
          onChange={(checked) => {
            field.onChange(checked);
            if (isInvalid) void trigger(name);
          }}
          onBlur={field.onBlur}
        >
          {AGREEMENT_TEXT.prefix}
          <Link to={APP_PATHS.agreement} target="_blank" rel="noopener" style={{ whiteSpace: "nowrap" }}>
            {AGREEMENT_TEXT.agreement}
          </Link>
          和
          <Link to={APP_PATHS.privacyAgreement} target="_blank" rel="noopener" style={{ whiteSpace: "nowrap" }}>
            {AGREEMENT_TEXT.privacy}
          </Link>
        </LightCheckbox>
      )}
    </LightFormField>
  );
}
