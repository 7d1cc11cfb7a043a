import { Result } from "antd";
import { Link } from "react-router";
import { pagePath, sectionLabel } from "../../resources/derive";
import type { SectionPageProps } from "../../resources/derive";

export const FEATURE_PENDING_TEXT = "此功能将在后续版本开放";

/**
 * What a page says while its section has no service behind it yet: plainly that it is not open,
 * never invented rows, and where to read what the service will do.
 */
export function FeaturePending({ route }: SectionPageProps) {
  const { section, page } = route;
  const guidance = section.pages.find((candidate) => candidate.kind === "guidance" && candidate !== page);
  return (
    <Result
      status="info"
      title={FEATURE_PENDING_TEXT}
      subTitle={`${sectionLabel(section)}的“${page.title}”尚未上线，上线后即可在这里使用。`}
      extra={guidance && <Link to={pagePath(route, guidance)}>查看{sectionLabel(section)}服务指引</Link>}
    />
  );
}
