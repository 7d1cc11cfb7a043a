import { Checkbox } from "antd";
import { Link } from "react-router";
import type { Control, FieldValues, Path, UseFormTrigger } from "react-hook-form";
import { APP_PATHS } from "../../app/path-rules";
import { FormField } from "../../components/form-field";

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
    <FormField control={control} name={name}>
      {({ field, id, isInvalid }) => (
        <Checkbox
          id={id}
          checked={field.value === true}
          onChange={(event) => {
            field.onChange(event.target.checked);
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
        </Checkbox>
      )}
    </FormField>
  );
}
