/**
 * @deprecated Transitional. evidence-list-page.tsx and evidence-table.tsx (being rewritten as a
 * generic list) still read the library's paths from this table; every other page takes them from
 * its route. Delete this file once those two do (the selection helpers live in evidence-selection.ts).
 */
export const EVIDENCES_PATHS = {
  dataList: "/evidences/dataList",
  certificate: "/evidences/dataList/Certificate",
  evidenceSaveInfo: "/evidences/dataList/evidenceSaveInfo",
  evidenceExtract: "/evidences/evidenceExtract",
  evidenceDownload: "/evidences/evidenceDownload",
} as const;

export { withSelection } from "./evidence-selection";
