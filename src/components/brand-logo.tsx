import { Link } from "react-router";
import { APP_PATHS } from "../app/path-rules";

export const BRAND_LOGO_URL = "/assets/images/brand/logo.svg";
export const PLATFORM_NAME = "衡证电子证据平台";

/** The logo; outside the home page it leads back home. */
export function BrandLogo({ linkHome = false, height = 36 }: { linkHome?: boolean; height?: number }) {
  const image = <img src={BRAND_LOGO_URL} alt={PLATFORM_NAME} height={height} style={{ display: "block" }} />;
  return linkHome ? <Link to={APP_PATHS.home}>{image}</Link> : image;
}
