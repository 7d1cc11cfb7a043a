import { CAPTCHA_LOAD_FAILED_TEXT } from "./use-captcha";

export const CAPTCHA_IMAGE_ALT = "图形验证码，点击更换";

const BOX_STYLE = { width: 110, height: 40, cursor: "pointer", border: "1px solid #d9d9d9", borderRadius: 6 } as const;

/** Clicking the image asks for a new one (spec §5). A button, so keyboard users can do it too. */
export function CaptchaImage({ src, hasFailed, onReload }: { src: string | null; hasFailed: boolean; onReload: () => void }) {
  return (
    <button type="button" onClick={onReload} title="看不清？换一张" style={{ padding: 0, background: "none", border: "none", flex: "none" }}>
      {src ? (
        <img src={src} alt={CAPTCHA_IMAGE_ALT} style={{ ...BOX_STYLE, display: "block", objectFit: "contain" }} />
      ) : (
        <span style={{ ...BOX_STYLE, display: "flex", alignItems: "center", justifyContent: "center", fontSize: 12, color: "#999" }}>
          {hasFailed ? CAPTCHA_LOAD_FAILED_TEXT : "加载中…"}
        </span>
      )}
    </button>
  );
}
