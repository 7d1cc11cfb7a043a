import { Spin } from "antd";

/** The image captcha beside its input; clicking it loads a new one (spec §5). */
export function CaptchaImage({ src, onRefresh }: { src: string | null; onRefresh: () => void }) {
  return (
    <button type="button" onClick={onRefresh} title="看不清？换一张" aria-label="换一张验证码" style={{ border: "1px solid #d9d9d9", borderRadius: 6, padding: 0, width: 120, height: 40, background: "#fff", cursor: "pointer", flex: "none" }}>
      {src ? <img src={src} alt="验证码" width={118} height={38} style={{ display: "block" }} /> : <Spin size="small" />}
    </button>
  );
}
