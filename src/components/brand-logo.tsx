import { Link } from "react-router";
import { APP_PATHS } from "../app/path-rules";
import { PLATFORM_NAME } from "../schema/constants";

export const BRAND_LOGO_URL = "/assets/images/brand/logo.svg";

/** The logo; outside the home page it leads back home. */
export function BrandLogo({ linkHome = false, height = 36 }: { linkHome?: boolean; height?: number }) {
  const image = <img src={BRAND_LOGO_URL} alt={PLATFORM_NAME} height={height} style={{ display: "block" }} />;
  return linkHome ? <Link to={APP_PATHS.home}>{image}</Link> : image;
}
