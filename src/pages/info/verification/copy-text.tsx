import CheckOutlined from "@ant-design/icons-svg/es/asn/CheckOutlined";
import CopyOutlined from "@ant-design/icons-svg/es/asn/CopyOutlined";
import { useEffect, useState } from "react";
import { LightIcon } from "../../../components/light/light-icon";

/** How long the tick stays after a copy, as antd's copyable text shows it. */
const COPIED_SHOWN_MS = 3000;

/** The copy button after a text (antd Typography's `copyable`): a click puts `text` on the clipboard. */
export function CopyText({ text }: { text: string }) {
  const [isCopied, setCopied] = useState(false);
  useEffect(() => {
    if (!isCopied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [isCopied]);
  return (
    <button
      type="button"
      className="hz-copy-text"
      aria-label={isCopied ? "复制成功" : "复制"}
      title={isCopied ? "复制成功" : "复制"}
      onClick={() => void navigator.clipboard?.writeText(text).then(() => setCopied(true))}
    >
      <LightIcon icon={isCopied ? CheckOutlined : CopyOutlined} />
    </button>
  );
}
