import VerticalAlignTopOutlined from "@ant-design/icons-svg/es/asn/VerticalAlignTopOutlined";
import { LightIcon } from "../light/light-icon";
import { PUBLIC_SHELL_TEXT } from "./public-shell-text";
import { useScrolledPast } from "./use-scrolled-past";

// A function, read on each scroll, so a resized window moves the threshold with it.
const windowHeight = () => window.innerHeight;

/** Back to the top, shown once the page has scrolled further than one window height (spec §2). */
export function BackToTop() {
  const isShown = useScrolledPast(windowHeight);
  if (!isShown) return null;
  return (
    <button type="button" className="hz-back-to-top" aria-label={PUBLIC_SHELL_TEXT.backToTop} onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}>
      <LightIcon icon={VerticalAlignTopOutlined} />
    </button>
  );
}
