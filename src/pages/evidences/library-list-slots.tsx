import { BankOutlined, CloudDownloadOutlined, ExportOutlined } from "@ant-design/icons";
import { Button, Space } from "antd";
import { Link, useNavigate } from "react-router";
import { useAppLinks } from "../../providers/app-links-context";
import { sectionLandingPath, type SectionRoute } from "../../resources/derive";
import type { PageSlots, RowActionsProps, SectionDefinition, SelectionActionsProps } from "../../resources/types";
import { recordHref } from "../kinds/record-links";
import { withSelection } from "./evidence-selection";

/**
 * What the evidence library's list (/evidences/dataList) adds to the generic list: each record's
 * certificate and storage details, and a choice of records to hand on to extraction or download.
 */

/** The library section: the one whose pages show a record (Certificate, evidenceSaveInfo). */
export function librarySection(route: Pick<SectionRoute, "main">): SectionDefinition {
  return route.main.sections.find((section) => section.pages.some((page) => page.kind === "certificate"))!;
}

/** A record's two pages, wherever in the library its list is shown (the list, extraction, download). */
export function LibraryRowActions({ route, record }: RowActionsProps) {
  const section = librarySection(route);
  const link = (kind: "certificate" | "detail") => {
    const page = section.pages.find((candidate) => candidate.kind === kind)!;
    return recordHref({ ...route, section }, page, String(record.id));
  };
  return (
    <Space size={12}>
      <Link to={link("certificate")}>查看证书</Link>
      <Link to={link("detail")}>存证信息</Link>
    </Space>
  );
}

/** The chosen records go on to the extraction or the download page, or to a notarisation application (`?ids=`). */
function SelectionActions({ route, selected }: SelectionActionsProps) {
  const navigate = useNavigate();
  const links = useAppLinks();
  const isEmpty = selected.length === 0;
  const goTo = (key: string) => {
    const section = route.main.sections.find((candidate) => candidate.key === key)!;
    navigate(withSelection(sectionLandingPath({ ...route, section }), selected));
  };
  return (
    <Space wrap>
      <Button icon={<ExportOutlined />} disabled={isEmpty} onClick={() => goTo("evidenceExtract")}>
        生成提取码
      </Button>
      <Button icon={<BankOutlined />} disabled={isEmpty} onClick={() => navigate(withSelection(links.notarizationList, selected))}>
        申请公证
      </Button>
      <Button type="primary" icon={<CloudDownloadOutlined />} disabled={isEmpty} onClick={() => goTo("evidenceDownload")}>
        打包下载
      </Button>
    </Space>
  );
}

const slots: PageSlots = { rowActions: LibraryRowActions, selection: SelectionActions };
export default slots;
