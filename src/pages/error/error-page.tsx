import { Result } from "antd";
import { Link } from "react-router";
import { APP_PATHS } from "../../app/path-rules";

export const ERROR_PAGE_TEXT = {
  title: "404",
  subtitle: "抱歉，您访问的页面不存在或已被移除。",
  home: "返回首页",
} as const;

/** The static error page for unmatched routes (spec §2). */
export function ErrorPage() {
  return (
    <Result
      status="404"
      title={ERROR_PAGE_TEXT.title}
      subTitle={ERROR_PAGE_TEXT.subtitle}
      extra={<Link to={APP_PATHS.home}>{ERROR_PAGE_TEXT.home}</Link>}
    />
  );
}
