import { Result } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { APP_PATHS } from "../app/path-rules";

/** A plain page that says honestly what is not available yet, with a way back home. */
export function NoticePage({ title, description }: { title: string; description: ReactNode }) {
  return <Result status="info" title={title} subTitle={description} extra={<Link to={APP_PATHS.home}>返回首页</Link>} />;
}
