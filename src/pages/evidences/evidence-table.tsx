import type { ReactNode } from "react";
import { pageData } from "../../resources/define";
import type { SectionRoute } from "../../resources/derive";
import { RecordList } from "../kinds/record-list";
import { LibraryRowActions, librarySection } from "./library-list-slots";

export interface EvidenceTableProps {
  /** The page the table is on (extraction, download). */
  route: SectionRoute;
  /** Chosen ids, kept across pages and filters. */
  selected: readonly number[];
  onSelect: (ids: number[]) => void;
  /** Buttons that act on the selection, beside the count. */
  actions?: ReactNode;
}

/**
 * The library's list (spec §2 /evidences dataList: every kind, filtered by type, name and date in
 * the URL) as the extraction and download pages show it, to choose what they act on: the generic
 * list with the library list's data and row actions.
 */
export function EvidenceTable({ route, selected, onSelect, actions }: EvidenceTableProps) {
  const section = librarySection(route);
  const list = section.pages.find((page) => page.kind === "dataList")!;
  return <RecordList route={route} data={pageData(section, list)} slots={{ rowActions: LibraryRowActions }} selection={{ selected, onSelect, actions }} />;
}
