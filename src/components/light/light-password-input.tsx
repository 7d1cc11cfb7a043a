import EyeInvisibleOutlined from "@ant-design/icons-svg/es/asn/EyeInvisibleOutlined";
import EyeOutlined from "@ant-design/icons-svg/es/asn/EyeOutlined";
import { useState } from "react";
import { LightIcon } from "./light-icon";
import { LightInput, type LightInputProps } from "./light-input";
import "./light.css";
import "./light-password-input.css";

/**
 * A password input with antd's eye after it (Input.Password), which shows or hides what was typed.
 * The eye is a toggle (aria-pressed) whose name does not contain the field's: a search for the
 * field by its label (密码) must find the input alone.
 */
export function LightPasswordInput(props: Omit<LightInputProps, "type" | "suffix">) {
  const [isVisible, setVisible] = useState(false);
  return (
    <LightInput
      {...props}
      type={isVisible ? "text" : "password"}
      suffix={
        <button type="button" className="hz-l-password-toggle" aria-label="显示输入的字符" aria-pressed={isVisible} onClick={() => setVisible(!isVisible)}>
          <LightIcon icon={isVisible ? EyeOutlined : EyeInvisibleOutlined} />
        </button>
      }
    />
  );
}
